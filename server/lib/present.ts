import type { GameRow, HotMatchRow } from '../repositories/games';
import { toAmount } from '../../src/domain/money';

/** A catalogue row as the API's game item (spec section 3), names in `lang` (EN or TY). */
export function gameItem(g: GameRow, lang: string) {
  const gameName = lang === 'TY' ? g.nameTy : g.nameEn;
  return {
    nodeId: String(g.nodeId),
    gameName,
    nodeName: gameName,
    vassalage: g.vassalage,
    gameType: g.gameType,
    gameId: g.gameId,
    roomId: g.roomId,
    supportPlay: g.supportPlay,
    iconUrl: g.iconUrl,
    mobileSmallIcon: g.mobileSmallIcon,
    mobileLargeIcon: g.mobileLargeIcon,
    gameClassifyNew: g.isNew,
    isHot: g.isHot,
    slotType: g.slotType,
    minBet: toAmount(g.minBet),
    minLine: g.minLine,
    prizeMode: g.prizeMode,
    lottoMode: g.lottoMode,
  };
}

export function hotMatchItem(m: HotMatchRow) {
  return {
    id: m.id,
    matchTime: m.matchTime.toISOString(),
    league: m.league,
    homeTeam: m.homeTeam,
    awayTeam: m.awayTeam,
    homeTeamImageUrl: m.homeTeamImageUrl,
    awayTeamImageUrl: m.awayTeamImageUrl,
    vendor: m.vendor,
    roomId: m.roomId,
    nodeId: String(m.nodeId),
    supportPlay: m.supportPlay,
  };
}

/** Page fields of a paged answer; `pageNum` echoes the page asked for. */
export const pageOf = (page: number, pageSize: number, total: number) => ({ pageNum: page, pageSize, totalPages: Math.ceil(total / pageSize), total });

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
