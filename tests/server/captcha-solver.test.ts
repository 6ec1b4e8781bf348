// The image code against a trained solver (scripts/captcha-solver.ts): a script that labels its own pictures and
// reads new ones by nearest neighbours, cutting them either at the old drawing's fixed slots or at the ink's own
// column profile. The old drawing lost 54 % of its codes offline (45 % live) to the first; the goal is at most 10 %.
import { describe, expect, it } from 'vitest';
import { fixedSlots, offlineRate, profileCuts, trainSolver } from '../../scripts/captcha-solver.ts';

describe('the image code against a trained solver', () => {
  it.each([
    ['fixed slots', fixedSlots],
    ['the column profile', profileCuts],
  ])(
    'a solver trained on 400 labelled codes, cutting at %s, reads at most 10 %% of 150 new ones',
    async (_name, cut) => {
      const solver = await trainSolver(400, cut);
      expect(await offlineRate(solver, 150)).toBeLessThanOrEqual(0.1);
    },
    120_000,
  );
});
