import { describe, expect, it } from 'vitest';
import NProgress from '@/app/progress';

describe('progress bar (spec §9)', () => {
  it('draws its bar without the invalid role="bar", hidden from assistive technology', () => {
    NProgress.start();
    const bar = document.querySelector('#nprogress .bar') as HTMLElement;
    expect(bar).not.toBeNull();
    expect(bar.getAttribute('aria-hidden')).toBe('true');
    expect(document.querySelector('[role="bar"]')).toBeNull();
    NProgress.set(0.5);
    expect(bar.style.transform || bar.style.marginLeft).not.toBe('');
    NProgress.remove();
  });
});
