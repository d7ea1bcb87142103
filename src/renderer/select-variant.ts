import type { Screen } from '../generated/tenant';
import { screenVariant } from '../lib/startup-state';

/**
 * The variant a screen renders: the case for the selecting setting's value, else the default.
 * Undefined when the screen has no variants. The member centre and the deposit detail take theirs
 * from the startup state (src/lib/startup-state.ts, spec section 4), which applies the same rule.
 */
export function selectVariant(screen: Screen, settings: unknown): string | undefined {
  return screenVariant(screen, settings);
}
