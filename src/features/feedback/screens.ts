/**
 * The 问答反馈 screens by route: the app's entry imports this small module lazily, once for the whole feature,
 * instead of carrying an import (and its preload list) per screen. The list and a question's detail share one module.
 */
const feedback = () => import('./feedback-page');

export const screens = {
  feedback,
  feedbackAdd: () => import('./feedback-add-page'),
  feedbackDetail: feedback,
};
