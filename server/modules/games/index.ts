/**
 * Games: the catalogue, launches, favourites, winners and the in-house slot.
 * What other code may use of this module; everything else in the folder is its own.
 */
export { REELS, STAKES, type SlotSymbol, outcomeOf, payRule } from './services/slot';
export { settleRound } from './services/inhouse';
