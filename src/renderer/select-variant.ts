import type { Screen } from '../generated/tenant';
import { readPath } from '../lib/gates';

/**
 * The variant a screen renders: the case for the selecting setting's value, else the default
 * (spec section 4: mobileTemplate.mem_cen "1" selects the new member centre). Undefined when the
 * screen has no variants.
 */
export function selectVariant(screen: Screen, settings: unknown): string | undefined {
  const variant = screen.variant;
  if (!variant) return undefined;
  const value = readPath(settings, variant.setting);
  if (value === undefined || value === null) return variant.default;
  const key = String(value);
  return Object.prototype.hasOwnProperty.call(variant.cases, key) ? variant.cases[key] : variant.default;
}
