/**
 * The winners feed: the one list of wins the home winner board (relay GCSGAME_getRankList) and the
 * winners page (GET /wps/game/winners) both show. It is read from the merchant's settled bets that
 * paid out (each with its PAYOUT posting): real wins of real accounts (no trial account), biggest
 * first, in one period of the tenant's calendar, names masked (ab***yz). Nothing else writes it.
 *
 * The board has no period of its own: it shows the period the winners page opens on
 * (DEFAULT_WINNERS_PERIOD, the default of the page's query), so a player who goes from the board
 * to the page finds the same wins there.
 */
import type { Platform } from '../../../platform';
import type { Tenant } from '../../../../src/generated/tenant';
import type { Winners } from '../../../../src/generated/api/games';
import { tenantTimeZone } from '../../../../src/lib/app-config';
import { shiftDate, zoneDate, zoneMidnight } from '../../../../src/domain/date-range';
import { gameIconUrl, maskName } from '../../../lib/games-catalogue';
import { toAmount } from '../../../../src/domain/money';

export type WinnersPeriod = Winners['period'];

/** The period the winners page opens on (schemas/api/games.json winnersQuery), and the board's. */
export const DEFAULT_WINNERS_PERIOD: WinnersPeriod = 'today';

/** The first day of a period when the tenant's today is `today`: itself, the Monday of its week, the 1st of its month. */
export function periodStartDate(period: WinnersPeriod, today: string): string {
  switch (period) {
    case 'today':
      return today;
    case 'week': {
      const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
      return shiftDate(today, -((weekday + 6) % 7));
    }
    case 'month':
      return `${today.slice(0, 8)}01`;
  }
}

/** The instants a period covers: from the tenant's midnight of its first day until the next tenant midnight. */
export function periodBounds(timeZone: string, period: WinnersPeriod, now: number = Date.now()): { from: Date; until: Date } {
  const today = zoneDate(timeZone, now);
  return { from: new Date(zoneMidnight(timeZone, periodStartDate(period, today))), until: new Date(zoneMidnight(timeZone, shiftDate(today, 1))) };
}

export interface WinnersFeedQuery {
  period: WinnersPeriod;
  /** ALL, INHOUSE (the in-house vendor's games) or a game type. */
  category: string;
  lang: string;
  limit: number;
}

/** The feed: the merchant's biggest paid bets of the period, as the board and the page show them. */
export async function winnersFeed(platform: Platform, tenant: Tenant, q: WinnersFeedQuery): Promise<Winners> {
  const { from, until } = periodBounds(tenantTimeZone(tenant), q.period);
  const rows = await platform.repos.bets.paidBets(tenant.merchantCode, { from, until, category: q.category, lang: q.lang, limit: q.limit });
  return {
    period: q.period,
    from: from.toISOString(),
    list: rows.map((r) => ({
      iconUrl: r.iconUrl ?? gameIconUrl(r.nodeId),
      customerName: maskName(r.username),
      gameName: r.gameName ?? r.vassalage,
      winAmount: toAmount(r.win),
      currency: r.currency,
      createdAt: r.createdAt.toISOString(),
      nodeId: String(r.nodeId),
      vassalage: r.vassalage,
      gameType: r.gameType,
      gameId: r.gameId,
      supportPlay: r.supportPlay ?? false,
    })),
    currencySymbol: tenant.settings.currency.symbol,
  };
}
