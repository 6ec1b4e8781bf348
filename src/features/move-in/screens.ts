/**
 * The move-in screens by route: the app's entry imports this small module lazily, once for the whole feature,
 * instead of carrying an import (and its preload list) per screen. The four forms share one screen module (each
 * form's own module loads with it).
 */
const index = () => import('./move-in-page');
const form = () => import('./move-in-form-page');

export const screens = {
  moveIn: index,
  mIndex: index,
  moveInNew: form,
  moveInDr: form,
  moveInStaff: form,
  moveInStaffM: form,
  mCr: () => import('./confirm-page'),
  moveInVoucher: () => import('./voucher-page'),
};
