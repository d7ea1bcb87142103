import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyServerOptions } from 'fastify';
import { parseKeyEncryptionKey } from './lib/key-encryption';
import type { PasswordHashing } from './lib/passwords';
import { isAddressOrCidr } from '../src/tenant/addresses';
import { DEFAULT_LIMITS, type Limits } from './limits';
import type { MessageProvider } from './providers/types';
import type { ProviderConfig } from './payments/types';
import { WebhookProvider } from './providers/webhook';

/** A hop count, or the addresses / CIDRs of trusted proxies (Fastify's `trustProxy`, proxy-addr). */
export type TrustProxy = number | string[];

/** Where the server keeps its data: embedded PGlite, or a PostgreSQL URL (optionally one schema). */
export type DbOption = 'pglite' | { pgUrl: string; schema?: string };

/** Options of `buildApp`. Everything optional has a working default. */
export interface AppOptions {
  db: DbOption;
  /** PGlite data folder; omitted: in memory (tests). */
  dataDir?: string;
  /** In-memory PGlite only: starts from this `dumpDataDir()` tarball (the tests' migrated and seeded template). */
  pgliteDump?: string;
  /** The built site (index.html, assets/); default `dist`. */
  siteDir?: string;
  /** Tenant files; default `tenants`. */
  tenantsDir?: string;
  logger?: FastifyServerOptions['logger'];
  defaultTenant?: string;
  /** Tenant ids (or `*`) forced into maintenance / region restriction, for testing. */
  forceMaintenance?: string[];
  forceRegionRestriction?: string[];
  /** The clock of maintenance windows (epoch ms); tests move it. Default Date.now. */
  clock?: () => number;
  /**
   * Which peers may set X-Forwarded-For / CF-IPCountry: a hop count (1 = the one reverse proxy in
   * front; the client IP is the right-most address it appended) or proxy addresses / CIDRs.
   * Omitted, 0 or an empty list: no proxy is trusted. "Trust everything" is not offered.
   */
  trustProxy?: TrustProxy;
  /** Production mode: no fallback tenant unless `defaultTenant` is given, no demo accounts unless `seedDemo`. */
  production?: boolean;
  /** Seed the demo members (known passwords, balances) of `demo*` tenants; default: outside production only. */
  seedDemo?: boolean;
  /** Periodic deletion of expired rows (server/services/housekeeping.ts); default on, off under NODE_ENV=test. */
  housekeeping?: boolean;
  /** Milliseconds between housekeeping runs (the first runs shortly after start). */
  housekeepingIntervalMs?: number;
  sessionTtlMinutes?: number;
  /** Absolute session lifetime in days from login: renewal never passes it (default 30). */
  sessionMaxDays?: number;
  /** SMS and e-mail transport; default the outbox provider. */
  messageProvider?: MessageProvider | 'outbox';
  /** Argon2id parameters of new password hashes: `owasp` (default), `fast` in tests only. */
  passwordHashing?: PasswordHashing;
  /** Request body limit in bytes. */
  bodyLimit?: number;
  /** Rate limits; tests lower some to see them bite. */
  limits?: Partial<Limits>;
  /**
   * Mount the development routes (`/wps/dev/outbox`, `/wps/dev/captcha`) and keep captcha digits
   * readable for them. Off unless asked for (`DEV_ROUTES=1`); never in production.
   */
  devRoutes?: boolean;
  /**
   * Key that seals the JWE private keys in the database (AES-256-GCM): 32 bytes as base64 or 64
   * hex digits. Omitted: a key file in the PGlite data folder, an ephemeral key in memory;
   * required with PostgreSQL.
   */
  keyEncryptionKey?: string;
  /**
   * Preview mode (`npm run tenant -- preview` and `tenant shots` only; never read from the
   * environment, so `npm start` never has it): serves `/__preview`, a demo-account login helper,
   * `<tenant-id>.localhost` host names, and loads the valid tenants even when others are invalid.
   */
  preview?: PreviewOptions;
  /**
   * Payment providers by name (channels name them: `"gateway": "<name>"`): endpoint, merchant id
   * and secret, from PAYMENT_<NAME>_URL, _MERCHANT_ID, _SECRET. Never from a tenant file.
   */
  payments?: Record<string, ProviderConfig>;
  /** Milliseconds a payment provider may take to answer before it counts as unavailable (default 5000). */
  paymentTimeoutMs?: number;
}

export interface PreviewOptions {
  /** Tenant ids shown side by side on `/__preview`; empty: every tenant. */
  ids: string[];
  /** Reload tenants when a file under the tenants folder changes (and tell the page). */
  watch: boolean;
  /**
   * Tenant id -> a port of this server's that serves only that tenant on `localhost`: frames on
   * `localhost:<port>` are same-site with the page on `localhost`, so browsers that refuse storage
   * to third-party frames (the `<id>.localhost` names are other sites) still keep their session.
   * Filled once the ports listen.
   */
  framePorts?: Record<string, number>;
}

/** Options as validated at start, with defaults applied. */
export interface AppConfig {
  db: DbOption;
  dataDir: string | undefined;
  pgliteDump: string | undefined;
  siteDir: string;
  tenantsDir: string;
  /** Tenant of unknown hosts; undefined (production without DEFAULT_TENANT): unknown hosts get 404. */
  defaultTenant: string | undefined;
  forceMaintenance: string[];
  forceRegionRestriction: string[];
  clock: () => number;
  trustProxy: TrustProxy;
  production: boolean;
  seedDemo: boolean;
  housekeeping: boolean;
  housekeepingIntervalMs: number;
  sessionTtlMinutes: number;
  sessionMaxDays: number;
  passwordHashing: PasswordHashing;
  bodyLimit: number;
  limits: Limits;
  messageProvider: MessageProvider | 'outbox';
  devRoutes: boolean;
  keyEncryptionKey: string | undefined;
  payments: Record<string, ProviderConfig>;
  paymentTimeoutMs: number;
}

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Settings read from the environment by `server/main.ts`. */
export interface EnvSettings {
  port: number;
  host: string;
  logLevel: string;
  /** After SIGTERM / SIGINT: how long readiness answers 503 while everything is still served (SHUTDOWN_DRAIN_MS). */
  shutdownDrainMs: number;
  app: AppOptions;
}

/** SHUTDOWN_DRAIN_MS when unset, and the most it may be. */
export const DEFAULT_SHUTDOWN_DRAIN_MS = 5_000;
export const MAX_SHUTDOWN_DRAIN_MS = 300_000;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads and checks the environment. Throws an Error whose message is one line per problem. */
export function parseEnv(env: NodeJS.ProcessEnv): EnvSettings {
  const problems: string[] = [];
  const port = parsePort(env.PORT, problems);
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got '${logLevel}')`);
  const databaseUrl = env.DATABASE_URL?.trim();
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(`DATABASE_URL must start with postgres:// or postgresql:// (got '${databaseUrl}')`);
  }
  const ttl = env.SESSION_TTL_MINUTES === undefined ? 720 : Number(env.SESSION_TTL_MINUTES);
  if (!Number.isInteger(ttl) || ttl < 1) problems.push(`SESSION_TTL_MINUTES must be a positive integer (got '${env.SESSION_TTL_MINUTES}')`);
  const maxDays = env.SESSION_MAX_DAYS === undefined ? 30 : Number(env.SESSION_MAX_DAYS);
  if (!Number.isInteger(maxDays) || maxDays < 1) problems.push(`SESSION_MAX_DAYS must be a positive integer (got '${env.SESSION_MAX_DAYS}')`);
  const drainRaw = env.SHUTDOWN_DRAIN_MS?.trim();
  const shutdownDrainMs = drainRaw === undefined || drainRaw === '' ? DEFAULT_SHUTDOWN_DRAIN_MS : Number(drainRaw);
  if (drainRaw && (!/^\d+$/.test(drainRaw) || shutdownDrainMs > MAX_SHUTDOWN_DRAIN_MS)) {
    problems.push(`SHUTDOWN_DRAIN_MS must be an integer number of milliseconds from 0 to ${MAX_SHUTDOWN_DRAIN_MS} (got '${env.SHUTDOWN_DRAIN_MS}')`);
  }
  const webhook = env.MESSAGE_WEBHOOK_URL?.trim();
  if (webhook && !/^https?:\/\//.test(webhook)) problems.push(`MESSAGE_WEBHOOK_URL must be an http(s) URL (got '${webhook}')`);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY, problems);
  const production = env.NODE_ENV === 'production';
  const webhookSecret = env.MESSAGE_WEBHOOK_SECRET?.trim();
  // Everything production lacks goes on one line, so an operator sees the whole list at once.
  const missing: string[] = [];
  if (production) {
    if (!databaseUrl) missing.push('DATABASE_URL (PostgreSQL; embedded PGlite is for development)');
    if (!webhook) missing.push('MESSAGE_WEBHOOK_URL (the SMS/e-mail gateway; the dev outbox delivers nothing)');
    if (!webhookSecret) missing.push('MESSAGE_WEBHOOK_SECRET (signs the gateway requests)');
    if (!env.KEY_ENCRYPTION_KEY?.trim()) missing.push('KEY_ENCRYPTION_KEY (32 bytes: base64 or 64 hex characters)');
  }
  if (missing.length > 0) problems.push(`NODE_ENV=production needs ${missing.join(', ')}`);
  if (!production && webhook && !webhookSecret) {
    problems.push('MESSAGE_WEBHOOK_SECRET is required to sign the message webhook (set it with MESSAGE_WEBHOOK_URL)');
  }
  if (env.SEED_DEMO !== undefined && !['0', '1'].includes(env.SEED_DEMO)) problems.push(`SEED_DEMO must be 0 or 1 (got '${env.SEED_DEMO}')`);
  let messageProvider: WebhookProvider | 'outbox' = 'outbox';
  if (webhook && webhookSecret && /^https?:\/\//.test(webhook)) {
    try {
      messageProvider = new WebhookProvider(webhook, webhookSecret);
    } catch (err) {
      problems.push((err as Error).message);
    }
  }
  if (env.DEV_ROUTES !== undefined && !['0', '1'].includes(env.DEV_ROUTES)) problems.push(`DEV_ROUTES must be 0 or 1 (got '${env.DEV_ROUTES}')`);
  if (env.DEV_ROUTES === '1' && env.NODE_ENV === 'production') problems.push('DEV_ROUTES=1 is refused with NODE_ENV=production');
  const keyEncryptionKey = env.KEY_ENCRYPTION_KEY?.trim() || undefined;
  if (keyEncryptionKey) {
    try {
      parseKeyEncryptionKey(keyEncryptionKey);
    } catch (err) {
      problems.push((err as Error).message);
    }
  }
  const payments = parsePaymentProviders(env, production, problems);
  const paymentTimeoutMs = env.PAYMENT_TIMEOUT_MS === undefined ? 5000 : Number(env.PAYMENT_TIMEOUT_MS);
  if (!Number.isInteger(paymentTimeoutMs) || paymentTimeoutMs < 100 || paymentTimeoutMs > 60_000) {
    problems.push(`PAYMENT_TIMEOUT_MS must be an integer between 100 and 60000 (got '${env.PAYMENT_TIMEOUT_MS}')`);
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return {
    port,
    host: env.HOST || '0.0.0.0',
    logLevel,
    shutdownDrainMs,
    app: {
      db: databaseUrl ? { pgUrl: databaseUrl } : 'pglite',
      dataDir: resolve(env.DATA_DIR || './.data'),
      siteDir: env.SITE_DIR ? resolve(env.SITE_DIR) : undefined,
      tenantsDir: env.TENANTS_DIR ? resolve(env.TENANTS_DIR) : undefined,
      defaultTenant: env.DEFAULT_TENANT || undefined,
      forceMaintenance: list(env.FORCE_MAINTENANCE),
      forceRegionRestriction: list(env.FORCE_REGION_RESTRICTION),
      trustProxy,
      production,
      seedDemo: env.SEED_DEMO === undefined ? undefined : env.SEED_DEMO === '1',
      sessionTtlMinutes: ttl,
      sessionMaxDays: maxDays,
      passwordHashing: env.NODE_ENV === 'test' ? 'fast' : 'owasp',
      messageProvider,
      devRoutes: env.DEV_ROUTES === '1',
      keyEncryptionKey,
      payments,
      paymentTimeoutMs,
    },
  };
}

const PAYMENT_VARIABLE = /^PAYMENT_([A-Z][A-Z0-9]{1,23})_(URL|MERCHANT_ID|SECRET)$/;

/**
 * PAYMENT_<NAME>_URL, PAYMENT_<NAME>_MERCHANT_ID and PAYMENT_<NAME>_SECRET configure the provider
 * `<name>` (lower case in tenant files). All three or none; the URL http(s) (https in
 * production); the secret at least 16 characters. Problems never repeat a secret.
 */
function parsePaymentProviders(env: NodeJS.ProcessEnv, production: boolean, problems: string[]): Record<string, ProviderConfig> {
  const found: Record<string, Partial<ProviderConfig>> = {};
  for (const [key, raw] of Object.entries(env)) {
    const m = PAYMENT_VARIABLE.exec(key);
    if (!m || raw === undefined || raw.trim() === '') continue;
    const entry = (found[m[1].toLowerCase()] ??= {});
    if (m[2] === 'URL') entry.url = raw.trim();
    else if (m[2] === 'MERCHANT_ID') entry.merchantId = raw.trim();
    else entry.secret = raw.trim();
  }
  const payments: Record<string, ProviderConfig> = {};
  for (const [name, entry] of Object.entries(found)) {
    const NAME = `PAYMENT_${name.toUpperCase()}`;
    const lacking = (['url', 'merchantId', 'secret'] as const).filter((k) => !entry[k]);
    if (lacking.length > 0) {
      problems.push(`${NAME}_URL, ${NAME}_MERCHANT_ID and ${NAME}_SECRET go together (missing: ${lacking.map((k) => `${NAME}_${k === 'merchantId' ? 'MERCHANT_ID' : k.toUpperCase()}`).join(', ')})`);
      continue;
    }
    const { url, merchantId, secret } = entry as ProviderConfig;
    const scheme = production && name !== 'refpay' ? /^https:\/\/[^/]/ : /^https?:\/\/[^/]/;
    if (!scheme.test(url)) problems.push(`${NAME}_URL must be an ${production ? 'https' : 'http(s)'} URL (got '${url}')`);
    if (!/^[A-Za-z0-9_-]{3,64}$/.test(merchantId)) problems.push(`${NAME}_MERCHANT_ID must be 3-64 letters, digits, _ or -`);
    if (secret.length < 16) problems.push(`${NAME}_SECRET must have at least 16 characters`);
    payments[name] = { url, merchantId, secret };
  }
  return payments;
}

function parsePort(raw: string | undefined, problems: string[]): number {
  if (raw === undefined || raw === '') return 8080;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535) {
    problems.push(`PORT must be an integer between 1 and 65535 (got '${raw}')`);
    return 0;
  }
  return port;
}

/**
 * TRUST_PROXY: unset / 0 = no proxy; a hop count (1, 2, ...); or a comma list of proxy addresses
 * and CIDRs. `true` (trust any peer, so any client could fake its IP) is refused.
 */
function parseTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0' || value === 'false') return 0;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) problems.push(`TRUST_PROXY hop count must be between 0 and 10 (got '${raw}')`);
    return hops;
  }
  if (value === 'true') {
    problems.push("TRUST_PROXY=true is refused (any client could fake its IP): give the hop count (e.g. 1) or the proxy addresses/CIDRs");
    return 0;
  }
  const entries = list(value);
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (bad.length > 0) problems.push(`TRUST_PROXY must be a hop count or a comma list of IP addresses/CIDRs (bad: '${bad.join("', '")}')`);
  return entries;
}

function list(raw: string | undefined): string[] {
  return (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

/** Applies defaults to `buildApp` options and checks them (the env plugin calls this first). */
export function resolveConfig(opts: AppOptions): AppConfig {
  const production = opts.production ?? false;
  const passwordHashing = opts.passwordHashing ?? (process.env.NODE_ENV === 'test' ? 'fast' : 'owasp');
  if (passwordHashing !== 'owasp' && passwordHashing !== 'fast') throw new Error(`passwordHashing must be owasp or fast (got ${String(passwordHashing)})`);
  if (passwordHashing === 'fast' && process.env.NODE_ENV === 'production') throw new Error('passwordHashing fast is for tests only, refused with NODE_ENV=production');
  const sessionMaxDays = opts.sessionMaxDays ?? 30;
  if (!(sessionMaxDays > 0)) throw new Error(`sessionMaxDays must be positive (got ${sessionMaxDays})`);
  if (opts.keyEncryptionKey !== undefined) parseKeyEncryptionKey(opts.keyEncryptionKey);
  return {
    db: opts.db,
    dataDir: opts.dataDir,
    pgliteDump: opts.dataDir ? undefined : opts.pgliteDump,
    siteDir: opts.siteDir ?? resolve(REPO_ROOT, 'dist'),
    tenantsDir: opts.tenantsDir ?? resolve(REPO_ROOT, 'tenants'),
    defaultTenant: opts.defaultTenant ?? (production ? undefined : 'demo-ph'),
    forceMaintenance: opts.forceMaintenance ?? [],
    forceRegionRestriction: opts.forceRegionRestriction ?? [],
    clock: opts.clock ?? Date.now,
    trustProxy: opts.trustProxy ?? 0,
    production,
    seedDemo: opts.seedDemo ?? !production,
    housekeeping: opts.housekeeping ?? process.env.NODE_ENV !== 'test',
    housekeepingIntervalMs: opts.housekeepingIntervalMs ?? 10 * 60_000,
    sessionTtlMinutes: opts.sessionTtlMinutes ?? 720,
    sessionMaxDays,
    passwordHashing,
    bodyLimit: opts.bodyLimit ?? 64 * 1024,
    limits: { ...DEFAULT_LIMITS, ...opts.limits },
    messageProvider: opts.messageProvider ?? 'outbox',
    devRoutes: opts.devRoutes ?? false,
    keyEncryptionKey: opts.keyEncryptionKey,
    payments: opts.payments ?? {},
    paymentTimeoutMs: opts.paymentTimeoutMs ?? 5000,
  };
}
