import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import envSchema from 'env-schema';
import type { FastifyServerOptions } from 'fastify';
import { parseKeyEncryptionKey } from './lib/key-encryption';
import type { PasswordHashing } from './lib/passwords';
import { isAddressOrCidr } from '../src/tenant/addresses';
import { DEFAULT_LIMITS, type Limits } from './limits';
import type { MessageProvider } from './providers/types';
import type { ProviderConfig } from './payments/types';
import { WebhookProvider } from './providers/webhook';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { CATALOGUE_VENDOR_CODES } from './db/seed-games';
import { INHOUSE_VENDOR } from './lib/games-catalogue';
import type { SocialProvider } from '../src/generated/api/system';

/**
 * The social sign-in providers a deployment may name (SOCIAL_LOGIN_PROVIDERS). The platform has no
 * sign-in flow of any of them yet: naming one only makes its button appear (where the tenant
 * switches it on), and a tap says the service is unavailable.
 */
const SOCIAL_PROVIDERS = ['facebook', 'google', 'telegram'] as const satisfies readonly SocialProvider[];

/**
 * An outside game vendor of the seamless wallet (docs/vendor-wallet.md), from VENDOR_<CODE>_*:
 * where it is, how its requests are signed, the catalogue vendors it serves and the currencies it takes.
 */
export interface VendorConfig {
  /** The upper-case code of its wallet URLs (/vendor/<CODE>/...). */
  code: string;
  url: string;
  signing: 'rsa' | 'hmac';
  /** PEM (rsa). */
  publicKey?: string;
  /** At least 32 characters (hmac). */
  secret?: string;
  /** Catalogue vendor codes it serves. */
  catalogue: string[];
  /** Currencies it accepts; empty: any. */
  currencies: string[];
}

/** A hop count, or the addresses / CIDRs of trusted proxies (Fastify's `trustProxy`, proxy-addr). */
type TrustProxy = number | string[];

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
  /** TENANTS_WATCH=1: reload a changed tenant file without a restart (keeping the last good one when it is invalid). */
  tenantsWatch?: boolean;
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
  /** Periodic deletion of expired rows (server/modules/site/services/housekeeping.ts); default on, off under NODE_ENV=test. */
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
  /** Outside game vendors by code (VENDOR_<CODE>_*). */
  vendors?: Record<string, VendorConfig>;
  /** The PEM key the platform signs its answers to `rsa` vendors with (VENDOR_WALLET_PRIVATE_KEY). */
  walletPrivateKey?: string;
  /** Milliseconds of a launch's health probe of a vendor (default 2000). */
  vendorProbeTimeoutMs?: number;
  /** Social sign-in providers configured (SOCIAL_LOGIN_PROVIDERS); default none, so no social buttons anywhere. */
  socialLogin?: readonly SocialProvider[];
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
  tenantsWatch: boolean;
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
  vendors: Record<string, VendorConfig>;
  walletPrivateKey: string | undefined;
  vendorProbeTimeoutMs: number;
  socialLogin: readonly SocialProvider[];
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
const DEFAULT_SHUTDOWN_DRAIN_MS = 5_000;
const MAX_SHUTDOWN_DRAIN_MS = 300_000;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** A whole number of the environment: digits only (no sign, exponent or spaces), then the range. */
const wholeNumber = (minimum: number, maximum: number, fallback: number) => ({
  allOf: [{ type: 'string', pattern: '^[0-9]+$' }, { type: 'integer', minimum, maximum }],
  default: String(fallback),
});
const text = { type: 'string' };

/**
 * One environment variable: its JSON Schema (the values are text; `wholeNumber` reads digits),
 * the one line a bad value gets (`(got '<value>')` is added), whether surrounding spaces are
 * dropped, and whether an empty value counts as unset (its default applies).
 */
interface EnvVariable {
  schema: object;
  problem?: string;
  trim?: true;
  blankIsUnset?: true;
}

/**
 * Every variable the server reads, checked by env-schema (Ajv, with its defaults and number
 * coercion). A variable's problems make one line naming it; what involves several variables
 * (production's required set, the webhook and its secret, payment providers) is checked after.
 */
const ENV_VARIABLES = {
  PORT: { schema: wholeNumber(1, 65535, 8080), problem: 'PORT must be an integer between 1 and 65535', blankIsUnset: true },
  HOST: { schema: { ...text, default: '0.0.0.0' }, blankIsUnset: true },
  LOG_LEVEL: { schema: { enum: LOG_LEVELS, default: 'info' }, problem: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` },
  NODE_ENV: { schema: text },
  DATABASE_URL: { schema: { type: 'string', pattern: '^postgres(ql)?://' }, problem: 'DATABASE_URL must start with postgres:// or postgresql://', trim: true, blankIsUnset: true },
  DATA_DIR: { schema: { ...text, default: './.data' }, blankIsUnset: true },
  SITE_DIR: { schema: text, blankIsUnset: true },
  TENANTS_DIR: { schema: text, blankIsUnset: true },
  TENANTS_WATCH: { schema: { enum: ['0', '1'] }, problem: 'TENANTS_WATCH must be 0 or 1' },
  DEFAULT_TENANT: { schema: text, blankIsUnset: true },
  FORCE_MAINTENANCE: { schema: text },
  FORCE_REGION_RESTRICTION: { schema: text },
  TRUST_PROXY: { schema: text },
  SESSION_TTL_MINUTES: { schema: wholeNumber(1, Number.MAX_SAFE_INTEGER, 720), problem: 'SESSION_TTL_MINUTES must be a positive integer' },
  SESSION_MAX_DAYS: { schema: wholeNumber(1, Number.MAX_SAFE_INTEGER, 30), problem: 'SESSION_MAX_DAYS must be a positive integer' },
  SHUTDOWN_DRAIN_MS: {
    schema: wholeNumber(0, MAX_SHUTDOWN_DRAIN_MS, DEFAULT_SHUTDOWN_DRAIN_MS),
    problem: `SHUTDOWN_DRAIN_MS must be an integer number of milliseconds from 0 to ${MAX_SHUTDOWN_DRAIN_MS}`,
    trim: true,
    blankIsUnset: true,
  },
  MESSAGE_WEBHOOK_URL: { schema: { type: 'string', pattern: '^https?://' }, problem: 'MESSAGE_WEBHOOK_URL must be an http(s) URL', trim: true, blankIsUnset: true },
  MESSAGE_WEBHOOK_SECRET: { schema: text, trim: true, blankIsUnset: true },
  KEY_ENCRYPTION_KEY: { schema: text, trim: true, blankIsUnset: true },
  SEED_DEMO: { schema: { enum: ['0', '1'] }, problem: 'SEED_DEMO must be 0 or 1' },
  DEV_ROUTES: { schema: { enum: ['0', '1'] }, problem: 'DEV_ROUTES must be 0 or 1' },
  PAYMENT_TIMEOUT_MS: { schema: wholeNumber(100, 60_000, 5000), problem: 'PAYMENT_TIMEOUT_MS must be an integer between 100 and 60000' },
  SOCIAL_LOGIN_PROVIDERS: {
    schema: { type: 'string', pattern: `^(${SOCIAL_PROVIDERS.join('|')})( *, *(${SOCIAL_PROVIDERS.join('|')}))*$` },
    problem: `SOCIAL_LOGIN_PROVIDERS must be a comma list of ${SOCIAL_PROVIDERS.join(', ')}`,
    trim: true,
    blankIsUnset: true,
  },
} satisfies Record<string, EnvVariable>;

type EnvName = keyof typeof ENV_VARIABLES;

/** The environment as checked: numbers read, defaults applied, unset variables absent. */
interface EnvValues {
  PORT: number;
  HOST: string;
  LOG_LEVEL: string;
  DATA_DIR: string;
  SESSION_TTL_MINUTES: number;
  SESSION_MAX_DAYS: number;
  SHUTDOWN_DRAIN_MS: number;
  PAYMENT_TIMEOUT_MS: number;
  [name: string]: string | number | undefined;
}

const ENV_SCHEMA = {
  type: 'object',
  properties: Object.fromEntries(Object.entries(ENV_VARIABLES).map(([name, v]) => [name, v.schema])),
  // Payment providers' variables are read by parsePaymentProviders; anything else is dropped.
  patternProperties: {
    '^PAYMENT_[A-Z][A-Z0-9]{1,23}_(URL|MERCHANT_ID|SECRET)$': text,
    // Game vendors' variables are read by parseVendors.
    '^VENDOR_[A-Z][A-Z0-9]{1,23}_(URL|SIGNING|PUBLIC_KEY|SECRET|CATALOGUE|CURRENCIES)$': text,
    '^VENDOR_WALLET_PRIVATE_KEY$': text,
  },
};

/** The variables through env-schema; each variable with problems adds its one line to `problems`. */
function checkEnv(env: NodeJS.ProcessEnv, problems: string[]): EnvValues {
  const data: Record<string, string> = {};
  for (const [name, raw] of Object.entries(env)) {
    if (raw === undefined) continue;
    const variable: EnvVariable | undefined = (ENV_VARIABLES as Record<string, EnvVariable>)[name];
    const value = variable?.trim ? raw.trim() : raw;
    if (value === '' && variable?.blankIsUnset) continue;
    data[name] = value;
  }
  try {
    return envSchema({ schema: ENV_SCHEMA, data, env: false }) as EnvValues;
  } catch (err) {
    const errors = (err as { errors?: { instancePath: string }[] }).errors;
    if (!errors) throw err;
    const bad = new Set(errors.map((e) => e.instancePath.split('/')[1] as EnvName));
    if (bad.size === 0) throw err;
    for (const name of Object.keys(ENV_VARIABLES) as EnvName[]) {
      if (bad.has(name)) problems.push(`${(ENV_VARIABLES[name] as EnvVariable).problem ?? `${name} is not valid`} (got '${env[name]}')`);
    }
    // Go on with the defaults, so the rules between variables can add their lines too.
    return checkEnv(Object.fromEntries(Object.entries(env).filter(([name]) => !bad.has(name as EnvName))), []);
  }
}

/** Reads and checks the environment. Throws an Error whose message is one line per problem. */
export function parseEnv(env: NodeJS.ProcessEnv): EnvSettings {
  const problems: string[] = [];
  const values = checkEnv(env, problems);
  const databaseUrl = values.DATABASE_URL as string | undefined;
  const webhook = values.MESSAGE_WEBHOOK_URL as string | undefined;
  const trustProxy = parseTrustProxy(env.TRUST_PROXY, problems);
  const production = env.NODE_ENV === 'production';
  const webhookSecret = values.MESSAGE_WEBHOOK_SECRET as string | undefined;
  // Given at all (a bad value is its own line above, not also "missing").
  const given = (name: EnvName) => Boolean(env[name]?.trim());
  // Everything production lacks goes on one line, so an operator sees the whole list at once.
  const missing: string[] = [];
  if (production) {
    if (!given('DATABASE_URL')) missing.push('DATABASE_URL (PostgreSQL; embedded PGlite is for development)');
    if (!given('MESSAGE_WEBHOOK_URL')) missing.push('MESSAGE_WEBHOOK_URL (the SMS/e-mail gateway; the dev outbox delivers nothing)');
    if (!given('MESSAGE_WEBHOOK_SECRET')) missing.push('MESSAGE_WEBHOOK_SECRET (signs the gateway requests)');
    if (!given('KEY_ENCRYPTION_KEY')) missing.push('KEY_ENCRYPTION_KEY (32 bytes: base64 or 64 hex characters)');
  }
  if (missing.length > 0) problems.push(`NODE_ENV=production needs ${missing.join(', ')}`);
  if (!production && given('MESSAGE_WEBHOOK_URL') && !webhookSecret) {
    problems.push('MESSAGE_WEBHOOK_SECRET is required to sign the message webhook (set it with MESSAGE_WEBHOOK_URL)');
  }
  let messageProvider: WebhookProvider | 'outbox' = 'outbox';
  if (webhook && webhookSecret) {
    try {
      messageProvider = new WebhookProvider(webhook, webhookSecret);
    } catch (err) {
      problems.push((err as Error).message);
    }
  }
  if (env.DEV_ROUTES === '1' && env.NODE_ENV === 'production') problems.push('DEV_ROUTES=1 is refused with NODE_ENV=production');
  const keyEncryptionKey = values.KEY_ENCRYPTION_KEY as string | undefined;
  if (keyEncryptionKey) {
    try {
      parseKeyEncryptionKey(keyEncryptionKey);
    } catch (err) {
      problems.push((err as Error).message);
    }
  }
  const payments = parsePaymentProviders(env, production, problems);
  const walletPrivateKey = env.VENDOR_WALLET_PRIVATE_KEY?.trim() ? pemOf(env.VENDOR_WALLET_PRIVATE_KEY) : undefined;
  const vendors = parseVendors(env, production, problems);
  problems.push(...vendorProblems(vendors, walletPrivateKey));
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return {
    port: values.PORT,
    host: values.HOST,
    logLevel: values.LOG_LEVEL,
    shutdownDrainMs: values.SHUTDOWN_DRAIN_MS,
    app: {
      db: databaseUrl ? { pgUrl: databaseUrl } : 'pglite',
      dataDir: resolve(values.DATA_DIR),
      siteDir: values.SITE_DIR ? resolve(values.SITE_DIR as string) : undefined,
      tenantsDir: values.TENANTS_DIR ? resolve(values.TENANTS_DIR as string) : undefined,
      tenantsWatch: values.TENANTS_WATCH === '1',
      defaultTenant: values.DEFAULT_TENANT as string | undefined,
      forceMaintenance: list(env.FORCE_MAINTENANCE),
      forceRegionRestriction: list(env.FORCE_REGION_RESTRICTION),
      trustProxy,
      production,
      seedDemo: values.SEED_DEMO === undefined ? undefined : values.SEED_DEMO === '1',
      sessionTtlMinutes: values.SESSION_TTL_MINUTES,
      sessionMaxDays: values.SESSION_MAX_DAYS,
      passwordHashing: env.NODE_ENV === 'test' ? 'fast' : 'owasp',
      messageProvider,
      devRoutes: values.DEV_ROUTES === '1',
      keyEncryptionKey,
      payments,
      paymentTimeoutMs: values.PAYMENT_TIMEOUT_MS,
      vendors,
      walletPrivateKey,
      socialLogin: [...new Set(list(values.SOCIAL_LOGIN_PROVIDERS as string | undefined))] as SocialProvider[],
    },
  };
}

/** A PEM key given as PEM text or as PEM in base64 (one line, for environment variables). */
function pemOf(text: string): string {
  const trimmed = text.trim();
  return trimmed.startsWith('-----') ? trimmed : Buffer.from(trimmed, 'base64').toString('utf8');
}

const VENDOR_VARIABLE = /^VENDOR_([A-Z][A-Z0-9]{1,23})_(URL|SIGNING|PUBLIC_KEY|SECRET|CATALOGUE|CURRENCIES)$/;

/**
 * VENDOR_<CODE>_URL, _SIGNING (rsa, the default, or hmac), _PUBLIC_KEY (rsa), _SECRET (hmac),
 * _CATALOGUE and _CURRENCIES configure the outside game vendor <CODE>. Each problem is one line
 * (never repeating a key or secret); the rules between vendors are vendorProblems'.
 */
function parseVendors(env: NodeJS.ProcessEnv, production: boolean, problems: string[]): Record<string, VendorConfig> {
  const found: Record<string, Partial<Record<'URL' | 'SIGNING' | 'PUBLIC_KEY' | 'SECRET' | 'CATALOGUE' | 'CURRENCIES', string>>> = {};
  for (const [key, raw] of Object.entries(env)) {
    const m = VENDOR_VARIABLE.exec(key);
    if (!m || raw === undefined || raw.trim() === '' || m[1] === 'WALLET') continue;
    (found[m[1]] ??= {})[m[2] as 'URL'] = raw.trim();
  }
  const vendors: Record<string, VendorConfig> = {};
  for (const [code, v] of Object.entries(found)) {
    const NAME = `VENDOR_${code}`;
    const before = problems.length;
    if (!v.URL) problems.push(`${NAME}_URL is required with the other ${NAME}_* variables`);
    else if (!(production ? /^https:\/\/[^/]/ : /^https?:\/\/[^/]/).test(v.URL)) problems.push(`${NAME}_URL must be an ${production ? 'https' : 'http(s)'} URL (got '${v.URL}')`);
    const signing = v.SIGNING ?? 'rsa';
    if (signing !== 'rsa' && signing !== 'hmac') problems.push(`${NAME}_SIGNING must be rsa or hmac (got '${v.SIGNING}')`);
    let publicKey: string | undefined;
    if (signing === 'rsa') {
      if (!v.PUBLIC_KEY) problems.push(`${NAME}_PUBLIC_KEY is required with ${NAME}_SIGNING=rsa`);
      else {
        try {
          publicKey = pemOf(v.PUBLIC_KEY);
          if (createPublicKey(publicKey).asymmetricKeyType !== 'rsa') throw new Error('not rsa');
        } catch {
          problems.push(`${NAME}_PUBLIC_KEY must be an RSA public key (PEM, or PEM in base64)`);
        }
      }
    }
    if (signing === 'hmac' && (v.SECRET ?? '').length < 32) problems.push(`${NAME}_SECRET must have at least 32 characters with ${NAME}_SIGNING=hmac`);
    const catalogue = list(v.CATALOGUE);
    if (catalogue.length === 0) problems.push(`${NAME}_CATALOGUE must name the catalogue vendors it serves (comma-separated)`);
    const unknown = catalogue.filter((c) => !CATALOGUE_VENDOR_CODES.includes(c) || c === INHOUSE_VENDOR);
    if (unknown.length > 0) problems.push(`${NAME}_CATALOGUE names vendors the catalogue does not know: ${unknown.join(', ')}`);
    const currencies = list(v.CURRENCIES);
    const badCurrencies = currencies.filter((c) => !/^[A-Z]{3}$/.test(c));
    if (badCurrencies.length > 0) problems.push(`${NAME}_CURRENCIES must be ISO 4217 codes (bad: ${badCurrencies.join(', ')})`);
    if (problems.length > before) continue;
    vendors[code] = { code, url: v.URL!.replace(/\/+$/, ''), signing: signing as VendorConfig['signing'], publicKey, secret: signing === 'hmac' ? v.SECRET : undefined, catalogue, currencies };
  }
  return vendors;
}

/** The rules between vendors: a catalogue vendor served by one vendor only; rsa vendors need the platform's key. */
function vendorProblems(vendors: Record<string, VendorConfig>, walletPrivateKey: string | undefined): string[] {
  const problems: string[] = [];
  const servedBy = new Map<string, string>();
  for (const v of Object.values(vendors)) {
    for (const c of v.catalogue) {
      const other = servedBy.get(c);
      if (other) problems.push(`Catalogue vendor ${c} is served by both VENDOR_${other} and VENDOR_${v.code}`);
      servedBy.set(c, v.code);
    }
  }
  const rsa = Object.values(vendors).filter((v) => v.signing === 'rsa');
  if (walletPrivateKey !== undefined) {
    try {
      if (createPrivateKey(walletPrivateKey).asymmetricKeyType !== 'rsa') throw new Error('not rsa');
    } catch {
      problems.push('VENDOR_WALLET_PRIVATE_KEY must be an RSA private key (PEM, or PEM in base64)');
    }
  } else if (rsa.length > 0) {
    problems.push(`VENDOR_WALLET_PRIVATE_KEY is required to sign the answers to ${rsa.map((v) => `VENDOR_${v.code}`).join(', ')} (SIGNING=rsa)`);
  }
  return problems;
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
  const vendorRules = vendorProblems(opts.vendors ?? {}, opts.walletPrivateKey);
  if (vendorRules.length > 0) throw new Error(vendorRules.join('\n'));
  const socialLogin = [...new Set(opts.socialLogin ?? [])];
  const unknownSocial = socialLogin.filter((p) => !(SOCIAL_PROVIDERS as readonly string[]).includes(p));
  if (unknownSocial.length > 0) throw new Error(`socialLogin names unknown providers: ${unknownSocial.join(', ')} (known: ${SOCIAL_PROVIDERS.join(', ')})`);
  return {
    db: opts.db,
    dataDir: opts.dataDir,
    pgliteDump: opts.dataDir ? undefined : opts.pgliteDump,
    siteDir: opts.siteDir ?? resolve(REPO_ROOT, 'dist'),
    tenantsDir: opts.tenantsDir ?? resolve(REPO_ROOT, 'tenants'),
    tenantsWatch: opts.tenantsWatch ?? false,
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
    vendors: opts.vendors ?? {},
    walletPrivateKey: opts.walletPrivateKey,
    vendorProbeTimeoutMs: opts.vendorProbeTimeoutMs ?? 2000,
    socialLogin,
  };
}
