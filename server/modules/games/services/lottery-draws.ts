/**
 * The lotteries' draws as the game vendor serving them publishes them (docs/vendor-wallet.md,
 * "Draws feed"): the platform does not draw, it shows the vendor's next draw and latest results
 * on the lottery pages. The feed is another party's: it is read with a time-out, and only the
 * fields the page shows, of the expected types, are kept.
 */
import type { LotteryDraws } from '../../../../src/generated/api/games';
import type { Tenant } from '../../../../src/generated/tenant';
import type { VendorConfig } from '../../../config';
import { LOTTERY_VENDORS } from '../../../lib/games-catalogue';
import { tenantOffers } from './vendor-wallet';

/** How long a vendor's feed may take before the page is answered without it. */
const DRAWS_TIMEOUT_MS = 2_000;
/** Results shown per lottery, latest first. */
const RESULTS_SHOWN = 5;

type Lottery = LotteryDraws['lotteries'][number];
type Draw = Lottery['results'][number];

/** The configured vendor that serves a lottery the tenant offers, if any. */
export function lotteryVendor(vendors: Record<string, VendorConfig>, tenant: Tenant): VendorConfig | undefined {
  return Object.values(vendors).find((v) => v.catalogue.some((code) => LOTTERY_VENDORS.includes(code) && tenantOffers(tenant, code)));
}

const isText = (v: unknown, max = 64): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;
const isTime = (v: unknown): v is string => isText(v) && !Number.isNaN(Date.parse(v));

function drawOf(raw: unknown): Draw | null {
  if (!raw || typeof raw !== 'object') return null;
  const d = raw as Record<string, unknown>;
  if (!isText(d.number) || !isTime(d.drawAt)) return null;
  if (d.status === 'void') return { number: d.number, drawAt: new Date(d.drawAt).toISOString(), result: null, status: 'void' };
  if (typeof d.result !== 'string' || !/^\d{1,10}$/.test(d.result)) return null;
  return { number: d.number, drawAt: new Date(d.drawAt).toISOString(), result: d.result, status: 'drawn' };
}

/** The vendor's feed body, kept to what the page shows; anything malformed is left out. */
export function drawsOf(body: unknown): Lottery[] {
  const list = body && typeof body === 'object' ? (body as { lotteries?: unknown }).lotteries : undefined;
  if (!Array.isArray(list)) return [];
  const out: Lottery[] = [];
  for (const raw of list) {
    if (!raw || typeof raw !== 'object') continue;
    const l = raw as Record<string, unknown>;
    if ((l.prizeMode !== 'Lott' && l.prizeMode !== 'Elott') || (l.playType !== 'trad' && l.playType !== 'ent')) continue;
    if (!isTime(l.nextDrawAt) || !isText(l.nextDrawId)) continue;
    const results = (Array.isArray(l.results) ? l.results : []).map(drawOf).filter((d): d is Draw => d !== null);
    out.push({
      prizeMode: l.prizeMode,
      playType: l.playType,
      nextDrawAt: new Date(l.nextDrawAt).toISOString(),
      // The vendor's draw id ends with the draw's number (LOTT-202611291105).
      nextDrawNumber: l.nextDrawId.slice(l.nextDrawId.lastIndexOf('-') + 1),
      results: results.slice(0, RESULTS_SHOWN),
    });
  }
  return out;
}

/** The draws of the lottery vendor serving `tenant`; `available: false` when there is none or it does not answer. */
export async function lotteryDraws(vendors: Record<string, VendorConfig>, tenant: Tenant): Promise<LotteryDraws> {
  const vendor = lotteryVendor(vendors, tenant);
  if (!vendor) return { available: false, lotteries: [] };
  try {
    const res = await fetch(`${vendor.url}/lotteries`, { signal: AbortSignal.timeout(DRAWS_TIMEOUT_MS), headers: { accept: 'application/json' } });
    if (!res.ok) return { available: false, lotteries: [] };
    const lotteries = drawsOf(await res.json());
    return { available: lotteries.length > 0, lotteries };
  } catch {
    return { available: false, lotteries: [] };
  }
}
