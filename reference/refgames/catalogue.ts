/**
 * The catalogue vendors RefGames plays for, by the platform's vendor code, and their category.
 * RefGames' own list (written from the platform's published catalogue, not imported from it):
 * slots for the RNG studios, the lotteries for the lottery vendors, and for the rest an honest
 * page saying there is no demo game of that kind.
 */
export type Category = 'RNG' | 'LOTTERY' | 'FISH' | 'LIVE' | 'PVP' | 'SPORTS' | 'ESPORTS' | 'COCKFIGHT';

export const VENDOR_CATEGORIES: Readonly<Record<string, Category>> = {
  LUCKYREEL: 'RNG',
  NEONSPIN: 'RNG',
  JADEPLAY: 'RNG',
  SUNBURST: 'RNG',
  TIKIWAVE: 'RNG',
  LOTT: 'LOTTERY',
  ELOTT: 'LOTTERY',
  TCG_LOTTO_VN: 'LOTTERY',
  TCG_SEA: 'LOTTERY',
  REEFHUNT: 'FISH',
  DEEPCATCH: 'FISH',
  VELVETLIVE: 'LIVE',
  ROYALTABLE: 'LIVE',
  CARDCLUB: 'PVP',
  TABLEMATES: 'PVP',
  PITCHLINE: 'SPORTS',
  GOALPOST: 'SPORTS',
  TF: 'ESPORTS',
  DS88: 'COCKFIGHT',
};

/** What RefGames shows for a category: its slot, its lotteries, or nothing. */
export type GameKind = 'slot' | 'lottery' | 'none';

export function gameKindOf(category: Category): GameKind {
  if (category === 'RNG') return 'slot';
  if (category === 'LOTTERY') return 'lottery';
  return 'none';
}

export const categoryOf = (vendor: string): Category | undefined => (Object.hasOwn(VENDOR_CATEGORIES, vendor) ? VENDOR_CATEGORIES[vendor] : undefined);
