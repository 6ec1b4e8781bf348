// Batcher (server/lib/batch.ts): look-ups of one turn of the event loop go to the database together.
import { describe, expect, it } from 'vitest';
import { Batcher, KeyedBatches } from '../../server/lib/batch.ts';

describe('Batcher', () => {
  it('asks once for the keys of one turn, at most `max` at a time, and gives each caller its own answer', async () => {
    const calls: number[][] = [];
    const batcher = new Batcher<number, string>(
      async (keys) => {
        calls.push(keys);
        return new Map(keys.filter((k) => k % 2 === 0).map((k) => [String(k), `v${k}`]));
      },
      String,
      3,
    );
    const answers = await Promise.all([1, 2, 3, 4, 5].map((k) => batcher.get(k)));
    expect(answers).toEqual([undefined, 'v2', undefined, 'v4', undefined]);
    expect(calls).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    // A later turn is another query.
    expect(await batcher.get(6)).toBe('v6');
    expect(calls).toHaveLength(3);
  });

  it('hands a failed query to every caller of its batch', async () => {
    const batcher = new Batcher<number, string>(async () => {
      throw new Error('database away');
    }, String);
    const answers = await Promise.allSettled([batcher.get(1), batcher.get(2)]);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
    expect((answers[0] as PromiseRejectedResult).reason.message).toBe('database away');
  });
});

describe('KeyedBatches', () => {
  it('sends the first item of a key at once and the items that arrive meanwhile together, other keys apart, each its own answer', async () => {
    const sent: string[][] = [];
    const release: (() => void)[] = [];
    const batches = new KeyedBatches<string, string>(async (key, items) => {
      sent.push(items);
      await new Promise<void>((resolve) => release.push(resolve));
      return items.map((item) =>
        item.endsWith('!')
          ? { status: 'rejected', reason: new Error(`refused ${item}`) }
          : { status: 'fulfilled', value: `${key}:${item}` },
      );
    }, 3);
    const runs = ['a1', 'a2', 'a3!', 'a4', 'a5'].map((item) => batches.run('a', item).catch((err: Error) => err.message));
    const other = batches.run('b', 'b1');
    expect(sent).toEqual([['a1'], ['b1']]);
    expect(batches.keys).toBe(2);
    release.shift()!(); // a1's batch answers: the next three of a go together
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([['a1'], ['b1'], ['a2', 'a3!', 'a4']]);
    release.shift()!(); // b1
    release.shift()!(); // a2-a4
    await new Promise((r) => setTimeout(r, 0));
    expect(sent.at(-1)).toEqual(['a5']);
    release.shift()!();
    expect(await Promise.all(runs)).toEqual(['a:a1', 'a:a2', 'refused a3!', 'a:a4', 'a:a5']);
    expect(await other).toBe('b:b1');
    expect(batches.keys).toBe(0);
  });

  it('hands a failed batch to every item of it, and goes on with the next', async () => {
    let calls = 0;
    const batches = new KeyedBatches<number, number>(async (_key, items) => {
      calls += 1;
      if (calls === 2) throw new Error('database away');
      await new Promise((r) => setTimeout(r, 5));
      return items.map((value) => ({ status: 'fulfilled', value }));
    });
    const runs = [1, 2, 3].map((i) => batches.run('k', i).catch((err: Error) => err.message));
    const later = runs.concat([batches.run('k', 4).catch((err: Error) => err.message)]);
    expect(await Promise.all(later)).toEqual([1, 'database away', 'database away', 'database away']);
    expect(await batches.run('k', 5)).toBe(5);
  });
});
