/**
 * The 信息变更 screens by route: the app's entry imports this small module lazily, once for the whole feature,
 * instead of carrying an import (and its preload list) per screen. The two changes share one screen module (each
 * change's form is fetched while its guide is read).
 */
const form = () => import('./change-form-page');

export const screens = {
  change: () => import('./change-page'),
  changeEducation: form,
  changeMarriage: form,
};
