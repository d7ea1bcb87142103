/**
 * The winners page (GET /wps/game/winners): the biggest wins of a merchant's members in one period
 * of the tenant's calendar, from their settled bets. Names are masked as on the winner board.
 */
import type { Platform } from '../../../platform';
import type { Tenant } from '../../../../src/generated/tenant';
import type { Winners } from '../../../../src/generated/api/games';
import { tenantTimeZone } from '../../../../src/lib/app-config';
import { shiftDate, zoneDate, zoneMidnight } from '../../../../src/domain/date-range';
import { gameIconUrl, maskName } from '../../../lib/games-catalogue';
import { toAmount } from '../../../../src/domain/money';

export type WinnersPeriod = Winners['period'];

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

export async function winnersOf(platform: Platform, tenant: Tenant, period: WinnersPeriod, lang: string, limit: number): Promise<Winners> {
  const { from, until } = periodBounds(tenantTimeZone(tenant), period);
  const rows = await platform.repos.bets.bigWins(tenant.merchantCode, from, until, lang, limit);
  return {
    period,
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
