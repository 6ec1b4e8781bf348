// Batcher (server/lib/batch.ts): look-ups of one turn of the event loop go to the database together.
import { describe, expect, it } from 'vitest';
import { Batcher } from '../../server/lib/batch.ts';

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
