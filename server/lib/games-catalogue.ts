/**
 * Facts of the game catalogue the routes and services rely on, whatever data is seeded: the
 * in-house and lottery vendors, the slot classifications, the icon URLs, how winners' names are
 * shown and where a game's back control goes by default. The demo seed (server/db/seed-games.ts)
 * builds its catalogue from these too.
 */

/** English and Tagalog names of an entry. */
export type NamePair = [en: string, ty: string];

/** Vendors whose games open the lottery (prize mode, game code, play type). */
export const LOTTERY_VENDORS = ['TCG_LOTTO_VN', 'TCG_SEA', 'LOTT', 'ELOTT'];
export const INHOUSE_VENDOR = 'INHOUSE';

/**
 * The name a player reads for a vendor: the studio's own name (a brand, the same in every
 * language), except the in-house vendor, whose games are the platform's own and are named so in
 * the player's language.
 */
export function vendorDisplayName(code: string, storedName: string, lang: string): string {
  if (code === INHOUSE_VENDOR) return lang === 'TY' ? 'Sariling laro' : 'In-house games';
  return storedName;
}

/** Slot classifications of RNG games (the game list's slot-type filter). */
export const SLOT_TYPES: Record<string, NamePair> = {
  CLASSIC: ['Classic', 'Klasiko'],
  VIDEO: ['Video slots', 'Slot na may video'],
  MULTILINE: ['Multi-line', 'Maraming linya'],
  JACKPOT: ['Jackpot', 'May jackpot'],
  CLUSTER: ['Cluster pays', 'Panalo sa kumpol'],
};

/** URL of a game's generated icon (server/modules/games/routes/icons.ts). */
export const gameIconUrl = (nodeId: number, size: 120 | 240 = 120) => `/wps/game/icon/${nodeId}.png${size === 240 ? '?size=240' : ''}`;
export const vendorIconUrl = (code: string) => `/wps/game/icon/vendor/${code}.png`;

/** `ab***yz`: enough of a name to recognise oneself, not enough to find anyone. */
export function maskName(name: string): string {
  if (name.length <= 4) return `${name.slice(0, 1)}***`;
  return `${name.slice(0, 2)}***${name.slice(-2)}`;
}

/** Where a launched game's back control goes when the launch names no page. */
export const DEFAULT_RETURN_URL = '/m/home';
