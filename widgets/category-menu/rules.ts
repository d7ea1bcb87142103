/**
 * The category menu's rules (spec section 2), pure: which categories show in which order, and
 * what each one's panel lists.
 */

const MENU_CATEGORIES = ['HOT', 'SPORTS', 'ESPORTS', 'LIVE', 'FISH', 'RNG', 'PVP', 'INHOUSE', 'COCKFIGHT', 'ELOTT', 'LOTT'] as const;
export type MenuCategoryCode = (typeof MENU_CATEGORIES)[number];

/** A vendor a category maps to (the server's vendorNames entry). */
export interface VendorEntry {
  gameType: string;
  vassalage: string;
  accountTypeName: string;
}

export interface CategoryMapping {
  gameCategory: string;
  vendorNames: VendorEntry[];
}

export interface MenuCategory {
  code: MenuCategoryCode;
  vendors: VendorEntry[];
}

/** Categories whose panel is a game list of that game type. */
const GAME_TYPE_CATEGORIES: readonly MenuCategoryCode[] = ['RNG', 'PVP', 'LIVE', 'FISH'];
/** The in-house games are RNG games of the in-house vendor. */
const INHOUSE_VENDOR_FALLBACK = 'INHOUSE';

export type PanelKind = 'hot' | 'gameType' | 'inhouse' | 'vendors';

export function panelKind(code: MenuCategoryCode): PanelKind {
  if (code === 'HOT') return 'hot';
  if (GAME_TYPE_CATEGORIES.includes(code)) return 'gameType';
  if (code === 'INHOUSE') return 'inhouse';
  return 'vendors';
}

function isMenuCategory(s: string): s is MenuCategoryCode {
  return (MENU_CATEGORIES as readonly string[]).includes(s);
}

function uniqueVendors(list: readonly VendorEntry[]): VendorEntry[] {
  const seen = new Set<string>();
  return list.filter((v) => (seen.has(v.vassalage) ? false : (seen.add(v.vassalage), true)));
}

/**
 * The menu: the server's sorting (unknown or repeated codes dropped), HOT added first when missing,
 * and SPORTS split by its vendors' game types: a COCKFIGHT tab just before SPORTS, an ESPORTS tab
 * just after it (each taking the place of a COCKFIGHT or ESPORTS entry elsewhere in the list).
 */
export function buildCategoryMenu(sorting: readonly string[], mapping: readonly CategoryMapping[]): MenuCategory[] {
  const vendorsOf = (code: string) => mapping.find((m) => m.gameCategory === code)?.vendorNames ?? [];
  let codes = [...new Set(sorting.filter(isMenuCategory))];
  if (!codes.includes('HOT')) codes.unshift('HOT');

  const sports = vendorsOf('SPORTS');
  const cockfight = sports.filter((v) => v.gameType === 'COCKFIGHT');
  const esports = sports.filter((v) => v.gameType === 'ESPORTS');
  const split = codes.includes('SPORTS');
  if (split) {
    if (cockfight.length > 0) codes = codes.filter((c) => c !== 'COCKFIGHT');
    if (esports.length > 0) codes = codes.filter((c) => c !== 'ESPORTS');
    const at = codes.indexOf('SPORTS');
    codes.splice(at, 1, ...(cockfight.length > 0 ? ['COCKFIGHT' as const] : []), 'SPORTS', ...(esports.length > 0 ? ['ESPORTS' as const] : []));
  }

  return codes.map((code) => {
    if (split && code === 'SPORTS') return { code, vendors: sports.filter((v) => v.gameType !== 'COCKFIGHT' && v.gameType !== 'ESPORTS') };
    if (split && code === 'COCKFIGHT' && cockfight.length > 0) return { code, vendors: uniqueVendors([...cockfight, ...vendorsOf('COCKFIGHT')]) };
    if (split && code === 'ESPORTS' && esports.length > 0) return { code, vendors: uniqueVendors([...esports, ...vendorsOf('ESPORTS')]) };
    return { code, vendors: vendorsOf(code) };
  });
}

/** The vendor whose RNG games are the in-house games. */
export function inhouseVendor(category: MenuCategory | undefined): string {
  return category?.vendors[0]?.vassalage ?? INHOUSE_VENDOR_FALLBACK;
}
