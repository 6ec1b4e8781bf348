// The submit gate (server/lib/gate.ts): at most `size` inside, the rest in arrival order, a failure frees its place.
import { describe, expect, it } from 'vitest';
import { Gate } from '../../server/lib/gate.ts';

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
