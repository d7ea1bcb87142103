import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyServerOptions } from 'fastify';
import type { PasswordHashing } from './lib/passwords';
import { DEFAULT_LIMITS, type Limits } from './limits';
import type { MessageProvider } from './providers/types';
import { WebhookProvider } from './providers/webhook';

/** Where the server keeps its data: embedded PGlite, or a PostgreSQL URL (optionally one schema). */
export type DbOption = 'pglite' | { pgUrl: string; schema?: string };

/** Options of `buildApp`. Everything optional has a working default. */
export interface AppOptions {
  db: DbOption;
  /** PGlite data folder; omitted: in memory (tests). */
  dataDir?: string;
  /** The built site (index.html, assets/); default `dist`. */
  siteDir?: string;
  /** Tenant files; default `tenants`. */
  tenantsDir?: string;
  logger?: FastifyServerOptions['logger'];
  defaultTenant?: string;
  /** Tenant ids (or `*`) forced into maintenance / region restriction, for testing. */
  forceMaintenance?: string[];
  forceRegionRestriction?: string[];
  trustProxy?: boolean;
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
}

/** Options as validated at start, with defaults applied. */
export interface AppConfig {
  db: DbOption;
  dataDir: string | undefined;
  siteDir: string;
  tenantsDir: string;
  defaultTenant: string;
  forceMaintenance: string[];
  forceRegionRestriction: string[];
  trustProxy: boolean;
  sessionTtlMinutes: number;
  sessionMaxDays: number;
  passwordHashing: PasswordHashing;
  bodyLimit: number;
  limits: Limits;
  messageProvider: MessageProvider | 'outbox';
  devRoutes: boolean;
}

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Settings read from the environment by `server/main.ts`. */
export interface EnvSettings {
  port: number;
  host: string;
  logLevel: string;
  app: AppOptions;
}

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
  const webhook = env.MESSAGE_WEBHOOK_URL?.trim();
  if (webhook && !/^https?:\/\//.test(webhook)) problems.push(`MESSAGE_WEBHOOK_URL must be an http(s) URL (got '${webhook}')`);
  if (env.TRUST_PROXY !== undefined && !['0', '1', 'true', 'false'].includes(env.TRUST_PROXY)) {
    problems.push(`TRUST_PROXY must be 0, 1, true or false (got '${env.TRUST_PROXY}')`);
  }
  if (env.DEV_ROUTES !== undefined && !['0', '1'].includes(env.DEV_ROUTES)) problems.push(`DEV_ROUTES must be 0 or 1 (got '${env.DEV_ROUTES}')`);
  if (env.DEV_ROUTES === '1' && env.NODE_ENV === 'production') problems.push('DEV_ROUTES=1 is refused with NODE_ENV=production');
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return {
    port,
    host: env.HOST || '0.0.0.0',
    logLevel,
    app: {
      db: databaseUrl ? { pgUrl: databaseUrl } : 'pglite',
      dataDir: resolve(env.DATA_DIR || './.data'),
      siteDir: env.SITE_DIR ? resolve(env.SITE_DIR) : undefined,
      tenantsDir: env.TENANTS_DIR ? resolve(env.TENANTS_DIR) : undefined,
      defaultTenant: env.DEFAULT_TENANT || undefined,
      forceMaintenance: list(env.FORCE_MAINTENANCE),
      forceRegionRestriction: list(env.FORCE_REGION_RESTRICTION),
      trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
      sessionTtlMinutes: ttl,
      sessionMaxDays: maxDays,
      passwordHashing: env.NODE_ENV === 'test' ? 'fast' : 'owasp',
      messageProvider: webhook ? new WebhookProvider(webhook) : 'outbox',
      devRoutes: env.DEV_ROUTES === '1',
    },
  };
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

function list(raw: string | undefined): string[] {
  return (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

/** Applies defaults to `buildApp` options and checks them (the env plugin calls this first). */
export function resolveConfig(opts: AppOptions): AppConfig {
  const passwordHashing = opts.passwordHashing ?? (process.env.NODE_ENV === 'test' ? 'fast' : 'owasp');
  if (passwordHashing !== 'owasp' && passwordHashing !== 'fast') throw new Error(`passwordHashing must be owasp or fast (got ${String(passwordHashing)})`);
  if (passwordHashing === 'fast' && process.env.NODE_ENV === 'production') throw new Error('passwordHashing fast is for tests only, refused with NODE_ENV=production');
  const sessionMaxDays = opts.sessionMaxDays ?? 30;
  if (!(sessionMaxDays > 0)) throw new Error(`sessionMaxDays must be positive (got ${sessionMaxDays})`);
  return {
    db: opts.db,
    dataDir: opts.dataDir,
    siteDir: opts.siteDir ?? resolve(REPO_ROOT, 'dist'),
    tenantsDir: opts.tenantsDir ?? resolve(REPO_ROOT, 'tenants'),
    defaultTenant: opts.defaultTenant ?? 'demo-ph',
    forceMaintenance: opts.forceMaintenance ?? [],
    forceRegionRestriction: opts.forceRegionRestriction ?? [],
    trustProxy: opts.trustProxy ?? false,
    sessionTtlMinutes: opts.sessionTtlMinutes ?? 720,
    sessionMaxDays,
    passwordHashing,
    bodyLimit: opts.bodyLimit ?? 64 * 1024,
    limits: { ...DEFAULT_LIMITS, ...opts.limits },
    messageProvider: opts.messageProvider ?? 'outbox',
    devRoutes: opts.devRoutes ?? false,
  };
}
