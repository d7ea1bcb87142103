/**
 * The game types, in the order answers and screens list them. The schemas own the names
 * (schemas/tenant/settings.schema.json for the rebate rates, schemas/api/games.json for the
 * catalogue, which adds the in-house vendor's INHOUSE): the lists below are typed against the
 * generated unions both ways, so a type added to or dropped from a schema fails typecheck here.
 */
import type { GameType as CatalogueGameType } from '../generated/api/games';
import type { GameType } from '../generated/tenant';

/** The vendors' game types: the ones with rebate rates, turnover and agent rates. */
export const GAME_TYPES = ['RNG', 'FISH', 'LIVE', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT'] as const satisfies readonly GameType[];

/** The catalogue's game types: the vendors' and the in-house games. */
const CATALOGUE_GAME_TYPES = [...GAME_TYPES, 'INHOUSE'] as const satisfies readonly CatalogueGameType[];

type Missing<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : Exclude<All, Listed>;
const _everyGameType: Missing<GameType, (typeof GAME_TYPES)[number]> = true;
const _everyCatalogueGameType: Missing<CatalogueGameType, (typeof CATALOGUE_GAME_TYPES)[number]> = true;

export function isGameType(value: string | null | undefined): value is GameType {
  return !!value && (GAME_TYPES as readonly string[]).includes(value);
}

export function isCatalogueGameType(value: string | null | undefined): value is CatalogueGameType {
  return !!value && (CATALOGUE_GAME_TYPES as readonly string[]).includes(value);
}
