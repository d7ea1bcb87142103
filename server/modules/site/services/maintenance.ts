/**
 * Maintenance windows (0030_maintenance_windows.sql): an operator sets one window per tenant
 * (start, end, a message per tenant language) with `npm run ops -- maintenance set` or POST
 * /ops/maintenance, clears it, or shows the windows, each change with its audit row.
 *
 * The site's status is computed per actor from the window and the clock (windowOpen): nothing
 * is switched at the start or the end, so a window that ends needs no restart. The windows are
 * read from the database at most every WINDOW_TTL_MS per instance (WindowCache); a change made
 * through this instance is seen at once, one made elsewhere (another instance, the CLI on
 * PostgreSQL) within that time.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import type { Tenant } from '../../../../src/generated/tenant';
import { maintenanceWindows } from '../../../db/schema';
import { STALE_ON_OUTAGE } from '../../../lib/stale';
import { TtlCache } from '../../../lib/ttl-cache';
import { writeAudit } from '../../../ops/audit';
import { assertMerchant, OpsRefusal, type OpsActor } from '../../../ops/types';

export type MaintenanceRow = typeof maintenanceWindows.$inferSelect;

/** How long one instance reuses the windows it read (a change elsewhere shows within this). */
export const WINDOW_TTL_MS = 2_000;
/** Longest window an operator may set. */
const MAX_WINDOW_DAYS = 30;
/** Longest message per language, in characters. */
const MAX_MESSAGE_LENGTH = 300;
const DAY_MS = 86_400_000;

/** A window as the back office shows it. */
export interface MaintenanceWindow {
  tenant: string;
  merchant: string;
  startsAt: string;
  endsAt: string;
  messages: Record<string, string>;
  setBy: string;
  setAt: string;
  /** Whether the window is open on the server's clock now. */
  open: boolean;
}

export interface SetInput {
  tenant: string;
  /** Omitted: now. */
  start?: Date;
  end: Date;
  /** By tenant language (EN, TY, ...); empty texts are left out. */
  messages?: Record<string, string>;
}

/** Whether `now` (epoch ms) is inside the window: from its start (included) to its end (excluded). */
export function windowOpen(w: Pick<MaintenanceRow, 'startsAt' | 'endsAt'> | null | undefined, now: number): boolean {
  return !!w && w.startsAt.getTime() <= now && now < w.endsAt.getTime();
}

/** The message in `language`, else in the tenant's default language, else EN, else any; null when there is none. */
export function messageIn(messages: Record<string, string>, language: string, fallback: string): string | null {
  return messages[language] ?? messages[fallback] ?? messages.EN ?? Object.values(messages)[0] ?? null;
}

function present(row: MaintenanceRow, now: number): MaintenanceWindow {
  return {
    tenant: row.tenantId,
    merchant: row.merchantCode,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    messages: row.messages,
    setBy: row.setBy,
    setAt: row.setAt.toISOString(),
    open: windowOpen(row, now),
  };
}

/**
 * Every tenant's window, read once per WINDOW_TTL_MS for all tenants (one query). While the
 * database is out of reach the windows last read stand in for STALE_LIMIT_MS (server/lib/stale.ts),
 * so the pages and reads that need nothing else keep answering.
 */
export class WindowCache {
  private readonly cache: TtlCache<Map<string, MaintenanceRow>>;
  private generation = 0;

  constructor(
    private readonly platform: Pick<Platform, 'db'>,
    now: () => number = () => Date.now(),
  ) {
    this.cache = new TtlCache<Map<string, MaintenanceRow>>(WINDOW_TTL_MS, 1, now);
  }

  /** The tenant's window; `onStale` is called when it comes from the last read because the database failed. */
  async of(tenantId: string, onStale?: () => void): Promise<MaintenanceRow | null> {
    const all = await this.cache.getOrStale(
      `windows-${this.generation}`,
      async () => {
        const found = await this.platform.db.orm.select().from(maintenanceWindows);
        return new Map(found.map((r) => [r.tenantId, r]));
      },
      STALE_ON_OUTAGE,
    );
    if (all.stale) onStale?.();
    return all.value.get(tenantId) ?? null;
  }

  /** After a change through this instance: the next actor reads the table again. */
  forget(): void {
    this.generation++;
  }
}

function tenantOf(platform: Platform, actor: OpsActor, id: string): Tenant {
  const tenant = platform.tenants.all.get(id);
  if (!tenant) throw new OpsRefusal('validation.failed', `tenant: no tenant "${id}" (known: ${[...platform.tenants.all.keys()].join(', ')})`);
  assertMerchant(actor, tenant.merchantCode);
  return tenant;
}

/** The messages checked against the tenant's languages: trimmed, empty ones dropped, none too long. */
function checkedMessages(tenant: Tenant, messages: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [lang, text] of Object.entries(messages)) {
    if (!tenant.i18n.languages.includes(lang)) {
      throw new OpsRefusal('validation.failed', `messages: tenant ${tenant.id} has no language ${lang} (its languages: ${tenant.i18n.languages.join(', ')})`);
    }
    const trimmed = text.trim();
    if (trimmed.length > MAX_MESSAGE_LENGTH) throw new OpsRefusal('validation.failed', `messages: the ${lang} message has ${trimmed.length} characters, at most ${MAX_MESSAGE_LENGTH}`);
    if (trimmed) out[lang] = trimmed;
  }
  return out;
}

/** Sets (or replaces) the tenant's window. */
export async function setMaintenance(platform: Platform, actor: OpsActor, input: SetInput): Promise<MaintenanceWindow> {
  const tenant = tenantOf(platform, actor, input.tenant);
  const now = platform.config.clock();
  const start = input.start ?? new Date(now);
  const { end } = input;
  if (!Number.isFinite(start.getTime())) throw new OpsRefusal('validation.failed', 'start: not a date-time');
  if (!Number.isFinite(end.getTime())) throw new OpsRefusal('validation.failed', 'end: not a date-time');
  if (end.getTime() <= now) throw new OpsRefusal('validation.failed', `end: ${end.toISOString()} is in the past`);
  if (end.getTime() <= start.getTime()) throw new OpsRefusal('validation.failed', `end: ${end.toISOString()} is not after the start ${start.toISOString()}`);
  if (end.getTime() - start.getTime() > MAX_WINDOW_DAYS * DAY_MS) throw new OpsRefusal('validation.failed', `end: a window lasts at most ${MAX_WINDOW_DAYS} days`);
  const messages = checkedMessages(tenant, input.messages ?? {});
  const row = await platform.db.orm.transaction(async (tx) => {
    const [before] = await tx.select().from(maintenanceWindows).where(eq(maintenanceWindows.tenantId, tenant.id)).for('update');
    const values = { merchantCode: tenant.merchantCode, startsAt: start, endsAt: end, messages, setBy: actor.actor, setAt: new Date(now) };
    const [after] = await tx
      .insert(maintenanceWindows)
      .values({ tenantId: tenant.id, ...values })
      .onConflictDoUpdate({ target: maintenanceWindows.tenantId, set: values })
      .returning();
    await writeAudit(tx, actor, { action: 'maintenance.set', merchantCode: tenant.merchantCode, targetType: 'tenant', targetId: tenant.id, before: before ?? null, after });
    return after;
  });
  platform.maintenanceWindows.forget();
  return present(row, now);
}

/** Clears the tenant's window (the site opens again at once); refused when there is none. */
export async function clearMaintenance(platform: Platform, actor: OpsActor, tenantId: string): Promise<MaintenanceWindow> {
  const tenant = tenantOf(platform, actor, tenantId);
  const row = await platform.db.orm.transaction(async (tx) => {
    const [before] = await tx.delete(maintenanceWindows).where(eq(maintenanceWindows.tenantId, tenant.id)).returning();
    if (!before) throw new OpsRefusal('maintenance.not.found', `tenant ${tenant.id} has no maintenance window`);
    await writeAudit(tx, actor, { action: 'maintenance.clear', merchantCode: tenant.merchantCode, targetType: 'tenant', targetId: tenant.id, before });
    return before;
  });
  platform.maintenanceWindows.forget();
  return present(row, platform.config.clock());
}

/** The windows of the actor's tenants (or of one), ending latest first. */
export async function showMaintenance(platform: Platform, actor: OpsActor, tenantId?: string): Promise<MaintenanceWindow[]> {
  if (tenantId !== undefined) tenantOf(platform, actor, tenantId);
  const found = await platform.db.orm
    .select()
    .from(maintenanceWindows)
    .where(
      and(
        actor.merchantCodes === null ? undefined : inArray(maintenanceWindows.merchantCode, [...actor.merchantCodes]),
        tenantId === undefined ? undefined : eq(maintenanceWindows.tenantId, tenantId),
      ),
    )
    .orderBy(maintenanceWindows.tenantId);
  const now = platform.config.clock();
  return found.map((r) => present(r, now));
}
