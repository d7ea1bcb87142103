/**
 * The platform a service runs on, without HTTP: the configuration and tenants, the database and
 * its repositories, the payment providers, the message provider and the maintenance windows.
 *
 * Services are plain functions of `(platform, actor, ...)`: they import no Fastify. The HTTP app
 * (server/app.ts) opens one platform and decorates itself with its parts, so a route passes its
 * app; the ops CLI and the service tests open a platform with `openPlatform`, no app at all.
 */
import type { Tenant } from '../src/generated/tenant';
import { resolveConfig, type AppConfig, type AppOptions } from './config';
import { openDatabase, type Database } from './db/client';
import { migrate, MIGRATIONS_DIR } from './db/migrate';
import { seedTenants } from './db/seed';
import { loadTenantRegistry, TenantConfigError, type TenantRegistry } from './lib/tenant-registry';
import { PaymentProviders, paymentChannelProblems } from './payments';
import { OutboxProvider } from './providers/outbox';
import type { MessageProvider } from './providers/types';
import { createRepositories, type Repositories } from './repositories';
import type { MemberRow } from './repositories/members';
import type { SessionRow } from './repositories/sessions';
import { onRawTx, rebuildRecordDays, tenantZones } from './modules/records';
import { loadReleases, WindowCache } from './modules/site';

type LogFn = {
  (obj: object, msg?: string): void;
  (msg: string): void;
};

/** The log lines a service writes (pino's levels; the app's logger is one). */
export interface Logger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

/** A member's valid session: who a member's request acts as. */
export interface Auth {
  session: SessionRow;
  member: MemberRow;
  /** The member's wallet as read with the session (null: none opened yet; absent: not read). */
  wallet?: { id: number; balance: number; currency: string } | null;
}

/**
 * Who a member-facing service acts for: the tenant the request came to, the member's session
 * (null for a visitor), the client's address and the Host it asked for. A route passes its
 * request (it has these fields); a test builds one.
 */
export interface Actor {
  readonly tenant: Tenant;
  readonly auth: Auth | null;
  readonly ip: string;
  /** The Host header as sent (with its port), if any. */
  readonly host: string | undefined;
  /**
   * The visitor's language: the site's language cookie when the tenant offers that language, else
   * the tenant's default. What the platform sends the member (SMS, e-mail) is written in it.
   */
  readonly language: string;
  /** The in-house game a play token was issued for; null with a member session token. */
  readonly playNodeId?: number | null;
}

export interface Platform {
  readonly config: AppConfig;
  readonly tenants: TenantRegistry;
  readonly db: Database;
  readonly repos: Repositories;
  readonly payments: PaymentProviders;
  readonly messages: MessageProvider;
  readonly maintenanceWindows: WindowCache;
  readonly log: Logger;
}

/**
 * What the money steps of the services use of a platform: the ledger and bet repositories and the
 * tenants by merchant. A `Platform` is one; the demo seed (server/db/seed.ts) runs the same steps
 * in its own transaction before any platform is open, on repositories of its own.
 */
export interface MoneyPlatform {
  readonly repos: Pick<Repositories, 'ledger' | 'bets'>;
  readonly tenants: Pick<TenantRegistry, 'byMerchant'>;
}

/**
 * The tenants of the configuration, checked against the payment providers: production refuses a
 * channel of the reference provider or of a provider it has no configuration for (the start stops
 * here, before the database is touched); elsewhere a warning, and those deposits answer 503.
 */
export async function loadTenants(config: AppConfig, log: Logger, preview: boolean): Promise<{ tenants: TenantRegistry; payments: PaymentProviders }> {
  const tenants = await loadTenantRegistry(config.tenantsDir, config.defaultTenant, {
    maintenance: config.forceMaintenance,
    regionRestriction: config.forceRegionRestriction,
  }, preview);
  const problems = paymentChannelProblems(tenants.all.values(), config.payments, config.production);
  if (problems.length > 0 && config.production) throw new TenantConfigError(problems);
  for (const line of problems) log.warn(line);
  return { tenants, payments: new PaymentProviders(config.payments, config.paymentTimeoutMs) };
}

/** Opens the database, applies pending SQL migrations and seeds merchants that are new. */
export async function openMigratedDatabase(config: AppConfig, tenants: TenantRegistry, log: Logger): Promise<Database> {
  const db = await openDatabase(config.db, config.dataDir, log, config.pgliteDump);
  try {
    // The records' aggregates of rows written before 0015 count days in each tenant's time zone,
    // which only the tenant files know: filled in the migration's transaction.
    const zones = tenantZones(tenants.all.values());
    const applied = await migrate(db, MIGRATIONS_DIR, {
      '0015_records.sql': async (tx) => {
        await rebuildRecordDays(onRawTx(tx), zones, null);
      },
    });
    if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
    const seeded = await seedTenants(db.orm, [...tenants.all.values()], config.passwordHashing, config.seedDemo);
    if (seeded.length > 0) log.info({ merchants: seeded, demoMembers: config.seedDemo }, 'merchants seeded');
    return db;
  } catch (err) {
    await db.close();
    throw err;
  }
}

/** The SMS / e-mail provider: the one configured, else the embedded outbox. */
export function messageProviderOf(config: AppConfig, db: Database, log: Logger): MessageProvider {
  const configured = config.messageProvider;
  return configured === 'outbox' ? new OutboxProvider(db.orm, log) : configured;
}

/** The platform of a process that serves no HTTP (the ops CLI, service tests): close it after use. */
export async function openPlatform(options: AppOptions, log: Logger): Promise<Platform & { close(): Promise<void> }> {
  const config = resolveConfig(options);
  const { tenants, payments } = await loadTenants(config, log, options.preview !== undefined);
  const db = await openMigratedDatabase(config, tenants, log);
  // The versions published replace the tenant files, as on the servers.
  try {
    tenants.setReleases(await loadReleases(db.orm));
  } catch (err) {
    await db.close();
    throw err;
  }
  const repos = createRepositories(db.orm, tenants, config);
  const platform = { config, tenants, db, repos, payments, log, messages: messageProviderOf(config, db, log) };
  return { ...platform, maintenanceWindows: new WindowCache(platform), close: () => db.close() };
}
