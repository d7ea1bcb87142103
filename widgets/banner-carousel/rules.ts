/** Spec section 9: banner autoplay. */
export const BANNER_AUTOPLAY_MS = 5000;
