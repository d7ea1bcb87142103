/** Spec section 9: the popup list is read about 500 ms after mount (and after a change of the list). */
export const POPUP_LOAD_DELAY_MS = 500;
