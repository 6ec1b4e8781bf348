import type { RouteKey } from '@/config/paths';

let known: (key: RouteKey) => boolean = () => false;

/** The shell's route table says which routes have a screen (src/app/routes.tsx, when it loads). */
export function setScreensKnown(has: (key: RouteKey) => boolean): void {
  known = has;
}

/** Whether a route has a screen in this build: a screen offers a link only to a screen that exists. */
export const hasScreen = (key: RouteKey): boolean => known(key);
