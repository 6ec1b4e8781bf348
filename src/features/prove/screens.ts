/**
 * The 证明开具 screens by route: the app's entry imports this small module lazily, once for the whole feature,
 * instead of carrying an import (and its preload list) per screen. The three proofs share one screen module.
 */
const proof = () => import('./prove-form-page');

export const screens = {
  prove: () => import('./prove-page'),
  proveHrIssued: proof,
  proveCIssued: proof,
  proveNIssued: proof,
};
