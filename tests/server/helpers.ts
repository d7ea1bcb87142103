/**
 * Shared helpers of the server tests: every suite runs on PGlite (in memory) and on PostgreSQL
 * (TEST_DATABASE_URL). PostgreSQL unreachable: skipped locally, a failure when CI is set.
 *
 * Template databases: the first suite of a run that needs one migrates and seeds a template
 * (PGlite: a `dumpDataDir()` tarball; PostgreSQL: a database), once per run, in the folder and
 * under the name tests/global-setup.ts provides. Later suites start from a copy (PGlite loaded
 * from the dump; `CREATE DATABASE ... TEMPLATE`, dropped afterwards), so their app finds
 * migrations applied and merchants seeded. Production (`production: true` alone among the options
 * that change what is seeded) has templates of its own, made by its first start: merchants and no
 * demo member. A suite starting while another process still makes the template, and suites whose
 * options change what is migrated or seeded otherwise (their own schema, tenants, seeding,
 * hashing, key), migrate and seed their own database as before (PostgreSQL: a fresh schema of
 * PG_URL's database, dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { REPO_ROOT, type AppOptions } from '../../server/config';
import type { ProviderConfig } from '../../server/payments';
import { buildRefPay } from '../../reference/refpay/app';
import { checkLedger } from '../../server/money';
import type { Database } from '../../server/db/client';
import type { Platform } from '../../server/platform';
import { pgliteTemplateFile, templateBuilt, templateReady, templateState, TEST_KEY_ENCRYPTION_KEY } from './templates';

export { TEST_KEY_ENCRYPTION_KEY };

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const SITE_FIXTURE = fileURLToPath(new URL('./fixtures/site', import.meta.url));
export const PH = 'demo-ph.localhost';
export const EN = 'demo-en.localhost';
export const DEMO_PASSWORD = 'Demo1234';

export type Backend = 'pglite' | 'postgres';
export const BACKENDS: Backend[] = ['pglite', 'postgres'];

async function probePostgres(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export const postgresAvailable = await probePostgres();

/** A schema name no other suite uses. */
export const freshSchemaName = () => `t_${randomBytes(6).toString('hex')}`;

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** Runs one statement on PG_URL's database (creating and dropping databases). */
async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of another database on PG_URL's server. */
function databaseUrl(name: string): string {
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.href;
}

/** The options that change what a start migrates or seeds: a suite giving one starts without a template. */
const SEEDING_OPTIONS = ['db', 'dataDir', 'pgliteDump', 'tenantsDir', 'production', 'seedDemo', 'passwordHashing', 'keyEncryptionKey', 'preview'] as const;

/**
 * The run's templates: the test options' (`test`), and production's (`production`: seeded by a
 * production start, so merchants and no demo member; the tenants' channels name `acmepay`).
 */
type TemplateKind = 'test' | 'production';

/** The template a start with these options may begin from, if any (and if the run has templates). */
function templateOf(opts: Partial<AppOptions>): TemplateKind | undefined {
  if (inject('templateDir') === undefined) return undefined;
  const seeding = SEEDING_OPTIONS.filter((k) => k in opts);
  if (seeding.length === 0) return 'test';
  return seeding.length === 1 && opts.production === true ? 'production' : undefined;
}

/** Whether a start with these options may begin from the run's test template. */
const templated = (opts: Partial<AppOptions>): boolean => templateOf(opts) === 'test';

/** The name of a template in the run's folder (its state files, its PGlite dump `<name>.tar`). */
const templateName = (backend: Backend, kind: TemplateKind) => (kind === 'test' ? backend : `${backend}-${kind}`);

/** The app options of every test server and test platform, and of the templates (payments aside: they seed nothing). */
export function baseOptions(db: AppOptions['db']): AppOptions {
  return {
    db,
    siteDir: SITE_FIXTURE,
    logger: false,
    // The suites read SMS codes from the dev outbox; the attack tests turn it off to show it absent.
    devRoutes: true,
    keyEncryptionKey: TEST_KEY_ENCRYPTION_KEY,
    // Generous: a busy machine (PGlite and RefPay share this process) must not pass for a provider that is down.
    paymentTimeoutMs: 20_000,
  };
}

/** PGlite: writes a template of the run (`<name>.tar`) from a database just migrated and seeded (this start took the template's lock). */
export async function dumpTemplate(db: Database, file: string): Promise<void> {
  const dump = await (db.orm as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  writeFileSync(`${file}.part`, Buffer.from(await dump.arrayBuffer()));
  renameSync(`${file}.part`, file);
  templateBuilt(basename(file, '.tar'));
}

/**
 * The run's PostgreSQL template database of a kind (`pgTemplate`, and `<pgTemplate>_production`),
 * migrated and seeded by a first start and closed again (a template has no connections): its
 * name, or undefined while another process makes it.
 */
async function postgresTemplate(kind: TemplateKind = 'test'): Promise<string | undefined> {
  const name = kind === 'test' ? inject('pgTemplate') : `${inject('pgTemplate')}_${kind}`;
  const state = templateState(templateName('postgres', kind));
  if (state === 'busy') return undefined;
  if (state === 'mine') {
    await admin(`CREATE DATABASE "${name}"`);
    if (kind === 'production') {
      // As a production suite starts (startServer): its tenants and provider, no development routes.
      await (await launch('postgres', { db: { pgUrl: databaseUrl(name) }, production: true, devRoutes: false }, {})).close();
    } else {
      const app = await buildApp(baseOptions({ pgUrl: databaseUrl(name) }));
      try {
        await app.ready();
      } finally {
        await app.close();
      }
    }
    templateBuilt(templateName('postgres', kind));
  }
  return name;
}

/** A new database copied from the run's PostgreSQL template; its URL and how to drop it. */
async function cloneDatabase(template: string, name = `wl_t_${randomBytes(6).toString('hex')}`): Promise<{ url: string; drop: () => Promise<void> }> {
  await admin(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  return { url: databaseUrl(name), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/**
 * A new database on PG_URL's server for a process the test starts (DATABASE_URL): a copy of the
 * run's PostgreSQL template (migrated and seeded) when there is one, else empty (the process
 * migrates and seeds it). Its URL, and how to drop it.
 */
export async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = await postgresTemplate();
  if (template) return cloneDatabase(template);
  const name = `wl_t_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE "${name}"`);
  return { url: databaseUrl(name), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

export interface TestServer {
  app: FastifyInstance;
  backend: Backend;
  /** PostgreSQL: the schema of the app's tables in the database `pgUrl`. */
  schema?: string;
  /** PostgreSQL: the database the app uses (a copy of the template, or PG_URL's with a schema of its own). */
  pgUrl?: string;
  /** The payment provider of the suite: RefPay as its own HTTP server on a loopback port. */
  refpay: FastifyInstance;
  /** The platform's merchant account at RefPay (what PAYMENT_REFPAY_* would say). */
  payment: ProviderConfig;
  close(): Promise<void>;
}

/** RefPay on 127.0.0.1 and a port of its own, with one merchant; its retries are driven by the tests (deliverDue). */
export async function startRefPay(): Promise<{ refpay: FastifyInstance; payment: ProviderConfig }> {
  const merchantId = `m_${randomBytes(4).toString('hex')}`;
  const secret = randomBytes(24).toString('base64url');
  const refpay = await buildRefPay({ merchants: { [merchantId]: secret }, retry: { tickMs: 0, baseMs: 1, maxMs: 1, maxAttempts: 3 }, deliveryTimeoutMs: 2000 });
  await refpay.listen({ port: 0, host: '127.0.0.1' });
  return { refpay, payment: { url: `http://127.0.0.1:${(refpay.server.address() as { port: number }).port}`, merchantId, secret } };
}

/**
 * The repository's tenants with their gateway channels naming `acmepay` instead of the reference
 * provider: what a production deployment has (production refuses `refpay`).
 */
export function realProviderTenants(name = 'acmepay'): string {
  const dir = mkdtempSync(join(tmpdir(), 'wl-tenants-'));
  cpSync(join(REPO_ROOT, 'tenants'), dir, { recursive: true });
  for (const id of ['demo-ph', 'demo-en']) {
    const file = join(dir, id, 'tenant.json');
    writeFileSync(file, readFileSync(file, 'utf8').replaceAll('"gateway": "refpay"', `"gateway": "${name}"`));
  }
  return dir;
}

/** Where a suite's database is: the options that open it, and how to drop it afterwards. */
export interface SuiteDatabase {
  /** The options over the test options: the database (PostgreSQL), the template's dump (PGlite), the suite's own. */
  opts: Partial<AppOptions>;
  where: { schema?: string; pgUrl?: string; drop?: () => Promise<void> };
  /**
   * PGlite, the first start of the run: the file the run's template is dumped to (dumpTemplate)
   * once this start has migrated and seeded its database.
   */
  templateFile?: string;
}

/**
 * The database of a suite on a backend. On PostgreSQL: a copy of the run's template database
 * (dropped on close), or `schema` of PG_URL's database when given (without the template: a fresh
 * schema, dropped on close). On PGlite: in memory, loaded from the run's template when there is
 * one; the first start of the run makes it (`templateFile`); a start while another process makes
 * it migrates and seeds its own (as fast as waiting would be). (See the top of this file for when
 * there is no template.) The server tests (startServer) and the service tests (openTestPlatform)
 * open it alike.
 */
export async function suiteDatabase(backend: Backend, opts: Partial<AppOptions> & { schema?: string } = {}): Promise<SuiteDatabase> {
  const { schema: given, ...rest } = opts;
  const kind = given === undefined ? templateOf(rest) : undefined;
  if (backend === 'pglite') {
    if (!kind) return { opts: rest, where: {} };
    const name = templateName('pglite', kind);
    const file = kind === 'test' ? pgliteTemplateFile() : join(inject('templateDir'), `${name}.tar`);
    const state = templateState(name);
    if (state === 'ready') return { opts: { pgliteDump: file, ...rest }, where: {} };
    return { opts: rest, where: {}, templateFile: state === 'mine' ? file : undefined };
  }
  const template = kind ? await postgresTemplate(kind) : undefined;
  if (template) {
    const clone = await cloneDatabase(template);
    return { opts: { db: { pgUrl: clone.url }, ...rest }, where: { schema: 'public', pgUrl: clone.url, drop: clone.drop } };
  }
  const schema = given ?? freshSchemaName();
  return { opts: { db: { pgUrl: PG_URL, schema }, ...rest }, where: { schema, pgUrl: PG_URL, drop: given ? undefined : () => dropSchema(schema) } };
}

/**
 * Builds a server on a backend, on the suite's database (suiteDatabase). Its payment provider is
 * a RefPay of its own over HTTP (`refpay`; in production as `acmepay`, a provider that is not the
 * reference one, with the tenants' channels naming it).
 */
export async function startServer(backend: Backend, opts: Partial<AppOptions> & { schema?: string } = {}): Promise<TestServer> {
  const database = await suiteDatabase(backend, opts);
  let server: TestServer;
  try {
    server = await launch(backend, database.opts, database.where);
  } catch (err) {
    await database.where.drop?.();
    throw err;
  }
  if (database.templateFile) {
    try {
      await dumpTemplate(server.app.db, database.templateFile);
    } catch (err) {
      await server.close();
      throw err;
    }
  }
  return server;
}

/** Starts the app (and its RefPay) with the test servers' options and `opts` over them. */
async function launch(
  backend: Backend,
  opts: Partial<AppOptions>,
  where: { schema?: string; pgUrl?: string; drop?: () => Promise<void> },
): Promise<TestServer> {
  const { refpay, payment } = await startRefPay();
  const providerName = opts.production ? 'acmepay' : 'refpay';
  const app = await buildApp({
    ...baseOptions('pglite'),
    payments: { [providerName]: payment },
    ...(opts.production && !opts.tenantsDir ? { tenantsDir: realProviderTenants(providerName) } : {}),
    ...opts,
  });
  await app.ready();
  return {
    app,
    backend,
    schema: where.schema,
    pgUrl: where.pgUrl,
    refpay,
    payment,
    close: async () => {
      await app.close();
      await refpay.close();
      await where.drop?.();
    },
  };
}

/** The platform listening on a loopback port (once), as RefPay's notices reach it: its origin for `host`. */
export async function listening(app: FastifyInstance, host = PH): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://${host}:${(app.server.address() as { port: number }).port}`;
}

/**
 * Two instances of the platform on one PostgreSQL database for a suite: a copy of the run's
 * template (schema `public`), or with options that change what is seeded a fresh schema of
 * PG_URL's database. Started together in `beforeAll` (the advisory locks serialise migrations and
 * seeding), closed and the copy or schema dropped in `afterAll`. In CI an unreachable PostgreSQL
 * fails the suite.
 */
export function twoInstances(opts: Partial<AppOptions> = {}): { schema: string; pgUrl: string; readonly a: TestServer; readonly b: TestServer } {
  const fromTemplate = templated(opts);
  const cloneName = `wl_t_${randomBytes(6).toString('hex')}`;
  const schema = fromTemplate ? 'public' : freshSchemaName();
  const pgUrl = fromTemplate ? databaseUrl(cloneName) : PG_URL;
  let pair: [TestServer, TestServer] | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (!postgresAvailable) throw new Error(`PostgreSQL is unreachable at ${PG_URL} (CI is set)`);
    if (fromTemplate) {
      let template = await postgresTemplate();
      if (!template) {
        await templateReady('postgres');
        template = inject('pgTemplate');
      }
      drop = (await cloneDatabase(template, cloneName)).drop;
    } else {
      drop = () => dropSchema(schema);
    }
    const start = () => launch('postgres', { db: fromTemplate ? { pgUrl } : { pgUrl, schema }, ...opts }, { schema, pgUrl });
    pair = await Promise.all([start(), start()]);
  });
  afterAll(async () => {
    await pair?.[0].close();
    await pair?.[1].close();
    await drop?.();
  });
  const started = (): [TestServer, TestServer] => {
    if (!pair) throw new Error('the two instances start in beforeAll');
    return pair;
  };
  return {
    schema,
    pgUrl,
    get a() {
      return started()[0];
    },
    get b() {
      return started()[1];
    },
  };
}

/**
 * `describe` once per backend, with one `open`ed thing per backend shared by the suite's tests (a
 * server, a platform) and closed after them. PostgreSQL unreachable: skipped locally, a failure
 * when CI is set.
 */
export function describeEachBackend<T extends { close(): Promise<void> }>(
  name: string,
  open: (backend: Backend) => Promise<T>,
  body: (ctx: { opened: () => T; backend: Backend }) => void,
): void {
  describe.each(BACKENDS)(`${name} [%s]`, (backend) => {
    if (backend === 'postgres' && !postgresAvailable) {
      if (process.env.CI) {
        it('needs PostgreSQL (CI is set)', () => {
          throw new Error(`PostgreSQL is unreachable at ${PG_URL}; in CI the PostgreSQL run must not be skipped`);
        });
      } else {
        it.skip(`PostgreSQL unreachable at ${PG_URL}: skipped locally`, () => {});
      }
      return;
    }
    let opened: T | undefined;
    beforeAll(async () => {
      opened = await open(backend);
    });
    afterAll(async () => {
      await opened?.close();
    });
    body({ opened: () => opened!, backend });
  });
}

/**
 * `describe` once per backend, with one server per backend shared by the suite's tests
 * (PGlite takes seconds to start; the tests use distinct IPs and accounts to stay independent).
 */
export function describeBackends(
  name: string,
  body: (ctx: { server: () => TestServer; backend: Backend }) => void,
  opts: Partial<AppOptions> = {},
): void {
  describeEachBackend(name, (backend) => startServer(backend, opts), ({ opened, backend }) => body({ server: opened, backend }));
}

let ipCounter = 0;
/** A new client IP per call, so rate limits and failure counters of one test do not touch another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export interface CallOptions {
  host?: string;
  ip?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

export interface Envelope<T = unknown> {
  success: boolean;
  value?: T;
  errorCode?: string;
  message?: string;
}

export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  o: CallOptions = {},
): Promise<{ status: number; body: Envelope<T>; res: LightMyRequestResponse }> {
  const headers: Record<string, string> = { host: o.host ?? PH, ...o.headers };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  const res = await app.inject({
    method,
    url,
    query: o.query,
    headers,
    remoteAddress: o.ip ?? '127.0.0.1',
    ...(o.body !== undefined ? { payload: o.body as string } : {}),
  });
  let body: Envelope<T>;
  try {
    body = res.json();
  } catch {
    body = { success: false, errorCode: `non-json: ${res.body.slice(0, 80)}` };
  }
  return { status: res.statusCode, body, res };
}

const keys = new WeakMap<FastifyInstance, JWK>();

/** The public key the server advertises in its startup settings (cached per server). */
export async function advertisedKey(app: FastifyInstance, fresh = false): Promise<JWK> {
  let jwk = fresh ? undefined : keys.get(app);
  if (!jwk) {
    const { body } = await call<{ encryption: { jwk: JWK } }>(app, 'GET', '/wps/system/startup');
    jwk = body.value!.encryption.jwk;
    keys.set(app, jwk);
  }
  return jwk;
}

/** A fresh single-use JWE id (128 random bits, base64url). */
export const newJti = () => randomBytes(16).toString('base64url');

/** Protected-header fields a test may override (an old iat, a reused jti, another kid). */
export interface JweHeaderOverrides {
  iat?: number;
  jti?: string;
  kid?: string;
}

/** JWE compact encryption to a public key, with kid, iat (now) and a fresh jti as the client sends them. */
export async function encryptTo(jwk: JWK, payload: unknown, header: JweHeaderOverrides = {}): Promise<string> {
  const key = await importJWK(jwk, 'RSA-OAEP-256');
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: jwk.kid, iat: Math.floor(Date.now() / 1000), jti: newJti(), ...header })
    .encrypt(key);
}

/** JWE compact encryption of a payload to the server's advertised public key. */
export async function encrypt(app: FastifyInstance, payload: unknown, header: JweHeaderOverrides = {}): Promise<string> {
  return encryptTo(await advertisedKey(app), payload, header);
}

/** A fresh Idempotency-Key header (money-moving routes such as the slot's spin). */
export const spinKey = (): Record<string, string> => ({ 'idempotency-key': `test-${randomBytes(12).toString('base64url')}` });

/** An encrypted call (login, register). */
export async function callEncrypted<T = unknown>(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  payload: unknown,
  o: CallOptions = {},
) {
  return call<T>(app, method, url, {
    ...o,
    headers: { 'x-encrypted': '1', ...o.headers },
    body: { payload: await encrypt(app, payload) },
  });
}

export interface SessionValue {
  token: string;
  userName: string;
  customerType: number;
  firstTimeLogin: boolean;
  expiresAt: string;
}

export async function login(app: FastifyInstance, username: string, password = DEMO_PASSWORD, o: CallOptions = {}) {
  return callEncrypted<SessionValue>(app, 'POST', '/wps/session/login', { type: 'username', username, password }, { ip: nextIp(), ...o });
}

/** Logs in and returns the token (throws when the login fails). */
export async function tokenFor(app: FastifyInstance, username: string, password = DEMO_PASSWORD, o: CallOptions = {}): Promise<string> {
  const { body } = await login(app, username, password, o);
  if (!body.success) throw new Error(`login of ${username} failed: ${JSON.stringify(body)}`);
  return body.value!.token;
}

/** The code in a verification SMS, in any language it is sent in (the message's only 6-digit number). */
export const SMS_CODE = /\b(\d{6})\b/;
/** The password in a temporary-password e-mail, in any language (4 letters, then 6 digits). */
export const TEMP_PASSWORD = /\b([a-z]{4}\d{6})\b/;

/**
 * The latest code sent by SMS (dev outbox) to an international number (+63 unless told), as the
 * tenant of `host` (PH unless told) sees it: the outbox shows each tenant only its own messages.
 */
export async function lastSmsCode(app: FastifyInstance, mobileNum: string, dialingCode = '+63', host = PH): Promise<string> {
  const { body } = await call<{ text: string }[]>(app, 'GET', `/wps/dev/outbox?to=${encodeURIComponent(dialingCode + mobileNum)}`, { host });
  const text = body.value?.[0]?.text ?? '';
  const match = SMS_CODE.exec(text);
  if (!match) throw new Error(`no SMS code in outbox for ${mobileNum}: ${JSON.stringify(body)}`);
  return match[1];
}

/** A unique numeric string (mobile numbers of test registrations). */
let uniq = 0;
export function uniqueDigits(length: number): string {
  uniq += 1;
  const base = `${process.pid}${Date.now()}${uniq}`.replace(/\D/g, '');
  return base.slice(-length).padStart(length, '7');
}

/** A new member of demoph01 (trial merchant for type 4) with `balance` minor units and a live session (on a server's app or a platform). */
export async function fundedPlayer(app: Pick<Platform, 'db' | 'repos'>, balance: number, type = 0) {
  return app.db.orm.transaction(async (tx) => {
    const merchantCode = type === 4 ? 'demophtry' : 'demoph01';
    const member = await app.repos.members.create(tx, { merchantCode, username: `p${uniqueDigits(9)}`, type, registerMethod: 'H5', lastLoginAt: new Date() });
    const wallet = await app.repos.ledger.openWallet(tx, merchantCode, member.id, 'PHP');
    const house = await app.repos.ledger.houseAccount(tx, merchantCode, 'PHP', member.id);
    if (balance > 0) {
      await app.repos.ledger.post(tx, {
        merchantCode,
        kind: 'DEPOSIT',
        lines: [
          { accountId: wallet, amount: balance },
          { accountId: house, amount: -balance },
        ],
      });
    }
    const { token } = await app.repos.sessions.create(tx, { memberId: member.id, merchantCode, ip: '127.0.0.1', firstLogin: false });
    return { token, memberId: member.id, walletId: wallet };
  });
}

/** `ops ledger check` on the test server's (or platform's) database: every test that moves money ends with it. */
export async function expectLedgerClean(app: Pick<Platform, 'db'>): Promise<void> {
  expect(await checkLedger(app.db.orm)).toEqual([]);
}
