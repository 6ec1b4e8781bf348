// The submit gate (server/lib/gate.ts): at most `size` inside, the rest in arrival order, a failure frees its place.
import { describe, expect, it } from 'vitest';
import { Gate, KeyedGate } from '../../server/lib/gate.ts';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('Gate', () => {
  it('lets `size` callers in at once and the others in arrival order; a failure frees its place', async () => {
    const gate = new Gate(2);
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    const runs = Array.from({ length: 7 }, (_, i) =>
      gate
        .run(async () => {
          inside += 1;
          most = Math.max(most, inside);
          order.push(i);
          await tick();
          inside -= 1;
          if (i === 1) throw new Error('refused');
          return i;
        })
        .catch((err: Error) => err.message),
    );
    expect(gate.queued).toBe(5);
    expect(await Promise.all(runs)).toEqual([0, 'refused', 2, 3, 4, 5, 6]);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(2);
    expect(gate.queued).toBe(0);
    // Empty again: the next caller goes straight in.
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});

describe('KeyedGate', () => {
  it('lets one caller per key in at a time, other keys at once, and forgets a key when it is idle', async () => {
    const gate = new KeyedGate(1);
    const inside = new Map<string, number>();
    let most = 0;
    const order: string[] = [];
    const run = (key: string, i: number) =>
      gate.run(key, async () => {
        inside.set(key, (inside.get(key) ?? 0) + 1);
        most = Math.max(most, inside.get(key)!);
        order.push(`${key}${i}`);
        await tick();
        inside.set(key, inside.get(key)! - 1);
        if (i === 1) throw new Error('refused');
        return `${key}${i}`;
      });
    const runs = [run('a', 0), run('a', 1), run('b', 0), run('a', 2)].map((p) => p.catch((err: Error) => err.message));
    expect(gate.keys).toBe(2);
    // b does not wait for a.
    expect(order).toEqual(['a0', 'b0']);
    expect(await Promise.all(runs)).toEqual(['a0', 'refused', 'b0', 'a2']);
    expect(order).toEqual(['a0', 'b0', 'a1', 'a2']);
    expect(most).toBe(1);
    expect(gate.keys).toBe(0);
  });
});
