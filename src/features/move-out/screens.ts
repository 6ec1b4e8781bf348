/**
 * The move-out screens by route: the app's entry imports this small module lazily, once for the whole feature,
 * instead of carrying an import (and its preload list) per screen. Every /move-out/<sub> form is one screen
 * module (its forms are one chunk of their own).
 */
const form = () => import('./move-out-form-page');

export const screens = {
  moveOut: () => import('./move-out-page'),
  moveOutGraduate: form,
  moveOutPostDoctoral: form,
  moveOutStaff: form,
  moveOutLeaveSchool: form,
  moveOutMoveOut: form,
  moveOutReassignment: form,
  moveOutPostpone: form,
  moveOutChange: form,
  moveOutMcCard: form,
  moveOutCIssued: form,
};
