/**
 * The 其他业务 screens by route: the app's entry imports this small module lazily, once for the whole feature.
 * 其他信息变更 (/change/other) is 其他业务 with the change types: one screen module for both.
 */
const qtbs = () => import('./qtbs-page');

export const screens = { other: qtbs, changeOther: qtbs };
