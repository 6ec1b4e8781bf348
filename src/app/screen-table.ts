// The screens other than the first ones (src/app/routes.tsx), each with the chunks it loads: a lazy module of its own,
// fetched once the first screen is shown, so the entry does not carry an import and a preload list per screen.
import type { ComponentType } from 'react';
import type { RouteKey } from '@shared/pages/paths';

type ScreenModule = { default: ComponentType<Record<string, unknown>> };
type Loader = () => Promise<ScreenModule>;

/**
 * Routes whose screens a feature lists in one small lazy module (its screens.ts): this table carries one import
 * for all of them instead of one per screen.
 */
function featureScreens<K extends RouteKey>(feature: () => Promise<{ screens: Record<K, Loader> }>, keys: K[]) {
  return Object.fromEntries(keys.map((key) => [key, () => feature().then((m) => m.screens[key]())])) as Record<K, Loader>;
}

export const screens = {
  register: () => import('@/features/auth/register-page'),
  forget: () => import('@/features/auth/forget-page'),
  my: () => import('@/features/my/my-page'),
  info: () => import('@/features/my/info-page'),
  news: () => import('@/features/news/news-page'),
  announcement: () => import('@/features/announcement/announcement-page'),
  contactInformation: () => import('@/features/contact/contact-page'),
  address: () => import('@/features/address/address-page'),
  applyList: () => import('@/features/applications/apply-list-page'),
  details: () => import('@/features/applications/details-page'),
  verify: () => import('@/features/verify/verify-page'),
  certif: () => import('@/features/certif/certif-page'),
  certifIdCard: () => import('@/features/certif/id-card-page'),
  certifHrCard: () => import('@/features/certif/hr-card-page'),
  borrow: () => import('@/features/borrow/borrow-page'),
  ...featureScreens(() => import('@/features/prove/screens'), ['prove', 'proveHrIssued', 'proveCIssued', 'proveNIssued']),
  ...featureScreens(() => import('@/features/change/screens'), ['change', 'changeEducation', 'changeMarriage']),
  ...featureScreens(() => import('@/features/other/screens'), ['other', 'changeOther']),
  ...featureScreens(() => import('@/features/feedback/screens'), ['feedback', 'feedbackAdd', 'feedbackDetail']),
  ...featureScreens(
    () => import('@/features/move-in/screens'),
    ['moveIn', 'mIndex', 'moveInNew', 'moveInDr', 'moveInStaff', 'moveInStaffM', 'mCr', 'moveInVoucher'],
  ),
  ...featureScreens(
    () => import('@/features/move-out/screens'),
    [
      'moveOut',
      'moveOutGraduate',
      'moveOutPostDoctoral',
      'moveOutStaff',
      'moveOutLeaveSchool',
      'moveOutMoveOut',
      'moveOutReassignment',
      'moveOutPostpone',
      'moveOutChange',
      'moveOutMcCard',
      'moveOutCIssued',
    ],
  ),
} satisfies Partial<Record<RouteKey, Loader>>;
