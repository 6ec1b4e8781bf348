/**
 * The 信息变更 screens by route: the app's entry imports this small module lazily, once for the whole feature,
 * instead of carrying an import (and its preload list) per screen.
 */
export const screens = {
  change: () => import('./change-page'),
  changeEducation: () => import('./education-page'),
  changeMarriage: () => import('./marriage-page'),
};
