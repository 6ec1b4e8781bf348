// Housekeeping across instances: every instance keeps the hourly timer, one of them runs each hour's tasks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../../server/repositories/index.ts';
import { createHousekeeping } from '../../server/services/housekeeping.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('housekeeping on several instances', () => {
  it('runs each hour once whichever instances ask, and again only when the next hour comes', async () => {
    const runs: string[] = [];
    const instance = (name: string) =>
      createHousekeeping(createRepositories(t.app.db), t.clock, t.app.log, [
        { name: 'count', label: '计数', description: '测试', run: async () => void runs.push(name) },
      ]);
    const [a, b, c] = [instance('a'), instance('b'), instance('c')];
    // The app's own instance claimed the hour it started in.
    t.clock.advance(3600);
    const first = await Promise.all([a.runIfDue(), b.runIfDue(), c.runIfDue()]);
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(runs).toHaveLength(1);
    // Half an hour later nobody runs; an hour after the claim, one does.
    t.clock.advance(1800);
    expect(await Promise.all([a.runIfDue(), b.runIfDue()])).toEqual([false, false]);
    t.clock.advance(1800);
    const secondAt = t.clock.now().getTime();
    const second = await Promise.all([c.runIfDue(), b.runIfDue(), a.runIfDue()]);
    expect(second.filter(Boolean)).toHaveLength(1);
    expect(runs).toHaveLength(2);
    // The claim names the instance and the time (for an operator reading settings).
    const row = await t.app.db.execute(`select value from settings where key = 'job.housekeeping'`);
    const value = (row as unknown as { rows: { value: { at: string; by: string } }[] }).rows[0]!.value;
    expect(Math.abs(new Date(value.at).getTime() - secondAt)).toBeLessThan(5000);
    expect(value.by).toMatch(/^[0-9a-f-]{36}$/);
  });
});
