/**
 * Shared helpers of the server tests: every suite runs on PGlite (in memory) and on PostgreSQL
 * (TEST_DATABASE_URL, one fresh schema per suite, dropped afterwards). PostgreSQL unreachable:
 * skipped locally, a failure when CI is set.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { REPO_ROOT, type AppOptions } from '../../server/config';
import type { ProviderConfig } from '../../server/payments';
import { buildRefPay } from '../../reference/refpay/app';
import { checkLedger } from '../../server/ops/ledger-check';

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

export interface TestServer {
  app: FastifyInstance;
  backend: Backend;
  schema?: string;
  /** The payment provider of the suite: RefPay as its own HTTP server on a loopback port. */
  refpay: FastifyInstance;
  /** The platform's merchant account at RefPay (what PAYMENT_REFPAY_* would say). */
  payment: ProviderConfig;
  close(): Promise<void>;
}

/** The key-encryption key of the test servers (PostgreSQL refuses to start without one). */
export const TEST_KEY_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

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

/**
 * Builds a server on a backend; on PostgreSQL in `schema` (fresh one unless given). Its payment
 * provider is a RefPay of its own over HTTP (`refpay`; in production as `acmepay`, a provider
 * that is not the reference one, with the tenants' channels naming it).
 */
export async function startServer(backend: Backend, opts: Partial<AppOptions> & { schema?: string } = {}): Promise<TestServer> {
  const { schema: given, ...rest } = opts;
  const schema = backend === 'postgres' ? (given ?? freshSchemaName()) : undefined;
  const { refpay, payment } = await startRefPay();
  const providerName = rest.production ? 'acmepay' : 'refpay';
  const app = await buildApp({
    db: backend === 'postgres' ? { pgUrl: PG_URL, schema } : 'pglite',
    siteDir: SITE_FIXTURE,
    logger: false,
    // The suites read SMS codes from the dev outbox; the attack tests turn it off to show it absent.
    devRoutes: true,
    keyEncryptionKey: TEST_KEY_ENCRYPTION_KEY,
    payments: { [providerName]: payment },
    // Generous: a busy machine (PGlite and RefPay share this process) must not pass for a provider that is down.
    paymentTimeoutMs: 20_000,
    ...(rest.production && !rest.tenantsDir ? { tenantsDir: realProviderTenants(providerName) } : {}),
    ...rest,
  });
  await app.ready();
  return {
    app,
    backend,
    schema,
    refpay,
    payment,
    close: async () => {
      await app.close();
      await refpay.close();
      if (schema && !given) await dropSchema(schema);
    },
  };
}

/** The platform listening on a loopback port (once), as RefPay's notices reach it: its origin for `host`. */
export async function listening(app: FastifyInstance, host = PH): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://${host}:${(app.server.address() as { port: number }).port}`;
}

/**
 * Two instances of the platform on one fresh PostgreSQL schema for a suite: started together in
 * `beforeAll` (the advisory locks serialise migrations and seeding), closed and the schema dropped
 * in `afterAll`. In CI an unreachable PostgreSQL fails the suite.
 */
export function twoInstances(opts: Partial<AppOptions> = {}): { schema: string; readonly a: TestServer; readonly b: TestServer } {
  const schema = freshSchemaName();
  let pair: [TestServer, TestServer] | undefined;
  beforeAll(async () => {
    if (!postgresAvailable) throw new Error(`PostgreSQL is unreachable at ${PG_URL} (CI is set)`);
    pair = await Promise.all([startServer('postgres', { schema, ...opts }), startServer('postgres', { schema, ...opts })]);
  });
  afterAll(async () => {
    await pair?.[0].close();
    await pair?.[1].close();
    if (postgresAvailable) await dropSchema(schema);
  });
  const started = (): [TestServer, TestServer] => {
    if (!pair) throw new Error('the two instances start in beforeAll');
    return pair;
  };
  return {
    schema,
    get a() {
      return started()[0];
    },
    get b() {
      return started()[1];
    },
  };
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
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer(backend, opts);
    });
    afterAll(async () => {
      await server?.close();
    });
    body({ server: () => server, backend });
  });
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

/**
 * The latest code sent by SMS (dev outbox) to an international number (+63 unless told), as the
 * tenant of `host` (PH unless told) sees it: the outbox shows each tenant only its own messages.
 */
export async function lastSmsCode(app: FastifyInstance, mobileNum: string, dialingCode = '+63', host = PH): Promise<string> {
  const { body } = await call<{ text: string }[]>(app, 'GET', `/wps/dev/outbox?to=${encodeURIComponent(dialingCode + mobileNum)}`, { host });
  const text = body.value?.[0]?.text ?? '';
  const match = /code is (\d+)/.exec(text);
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

/** A new member of demoph01 (trial merchant for type 4) with `balance` minor units and a live session. */
export async function fundedPlayer(app: FastifyInstance, balance: number, type = 0) {
  return app.db.orm.transaction(async (tx) => {
    const merchantCode = type === 4 ? 'demophtry' : 'demoph01';
    const member = await app.repos.members.create(tx, { merchantCode, username: `p${uniqueDigits(9)}`, type, registerMethod: 'H5', lastLoginAt: new Date() });
    const wallet = await app.repos.ledger.openWallet(tx, merchantCode, member.id, 'PHP');
    const house = await app.repos.ledger.houseAccount(tx, merchantCode, 'PHP');
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

/** `ops ledger check` on the test server's database: every test that moves money ends with it. */
export async function expectLedgerClean(app: FastifyInstance): Promise<void> {
  expect(await checkLedger(app.db.orm)).toEqual([]);
}
