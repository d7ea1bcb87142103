/**
 * The service tests: a `Platform` (server/platform.ts openPlatform) on the suite's database, a copy
 * of the run's template as the server tests have (tests/server/helpers.ts suiteDatabase), with no
 * HTTP app and no payment provider, on PGlite and on PostgreSQL (TEST_DATABASE_URL). A rule is
 * tested by calling its service with an `Actor` as a route would pass its request.
 */
import { randomBytes } from 'node:crypto';
import type { AppOptions } from '../../server/config';
import { ApiError, errorEnvelope } from '../../server/errors';
import { idempotentRequest, runnerOf, type IdempotentRequest, type Once } from '../../server/lib/idempotency';
import { openPlatform, type Actor, type Logger, type Platform } from '../../server/platform';
import type { Tenant } from '../../src/generated/tenant';
import { baseOptions, describeEachBackend, dumpTemplate, suiteDatabase, type Backend, type Envelope } from './helpers';

export interface TestPlatform extends Platform {
  readonly backend: Backend;
  close(): Promise<void>;
}

/** A member's actor with the token of its session (what a request with that token acts as). */
export interface TestActor extends Actor {
  readonly token: string;
}

const quiet = () => {};
const SILENT: Logger = { debug: quiet, info: quiet, warn: quiet, error: quiet };

/** A platform on a fresh copy of the run's template database of `backend`; close it after use (its copy is dropped). */
export async function openTestPlatform(backend: Backend = 'pglite', opts: Partial<AppOptions> = {}): Promise<TestPlatform> {
  const database = await suiteDatabase(backend, opts);
  let opened: Awaited<ReturnType<typeof openPlatform>>;
  try {
    opened = await openPlatform({ ...baseOptions('pglite'), ...database.opts }, SILENT);
  } catch (err) {
    await database.where.drop?.();
    throw err;
  }
  const close = async () => {
    await opened.close();
    await database.where.drop?.();
  };
  if (database.templateFile) {
    try {
      await dumpTemplate(opened.db, database.templateFile);
    } catch (err) {
      await close();
      throw err;
    }
  }
  return { ...opened, backend, close };
}

/** `describe` once per backend with one platform per backend shared by the suite's tests (as describeBackends has a server). */
export function describePlatforms(name: string, body: (ctx: { platform: () => TestPlatform; backend: Backend }) => void, opts: Partial<AppOptions> = {}): void {
  describeEachBackend(name, (backend) => openTestPlatform(backend, opts), ({ opened, backend }) => body({ platform: opened, backend }));
}

function tenantOf(platform: Platform, tenantId: string): Tenant {
  const tenant = platform.tenants.all.get(tenantId);
  if (!tenant) throw new Error(`no tenant ${tenantId}`);
  return tenant;
}

/**
 * The actor of a session token on the tenant's first domain, as the auth of a request with that
 * token finds it: the session and the member as they are now (read again at each call, so a
 * service sees the member's row as a new request would).
 */
export async function actorOf(platform: Platform, tenantId: string, token: string, o: { ip?: string } = {}): Promise<TestActor> {
  const tenant = tenantOf(platform, tenantId);
  const auth = await platform.repos.sessions.findWithMember(token);
  if (!auth) throw new Error('no live session for that token');
  return { tenant, auth, ip: o.ip ?? '127.0.0.1', host: tenant.domains[0], language: tenant.i18n.default, playNodeId: null, token };
}

/** An actor with a new real session of the tenant's member `username` (a seeded demo member: demoplayer, demoagent, ...). */
export async function actorFor(platform: Platform, tenantId: string, username: string, o: { ip?: string } = {}): Promise<TestActor> {
  const tenant = tenantOf(platform, tenantId);
  const member = await platform.repos.members.byUsername(tenant.merchantCode, username);
  if (!member) throw new Error(`no member ${username} in ${tenant.merchantCode}`);
  const { token } = await platform.db.orm.transaction((tx) =>
    platform.repos.sessions.create(tx, { memberId: member.id, merchantCode: member.merchantCode, ip: o.ip ?? '127.0.0.1', firstLogin: false }),
  );
  return actorOf(platform, tenantId, token, o);
}

/**
 * A service's outcome as its route would answer it: 200 and the value, or the status and envelope
 * of the ApiError it threw (any other error is thrown on).
 */
export async function answer<T>(work: Promise<T>): Promise<{ status: number; body: Envelope<T> }> {
  try {
    return { status: 200, body: { success: true, value: await work } };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { status: err.statusCode, body: errorEnvelope(err.errorCode, err.value) as Envelope<T> };
  }
}

/** A new Idempotency-Key of the actor for route `scope` (`<file>.<name>`), as a request sending `body` with a fresh key has. */
export function idempotencyFor(actor: Actor, scope: string, body: unknown, omits?: readonly string[]): IdempotentRequest {
  const key = `test-${randomBytes(12).toString('base64url')}`;
  return idempotentRequest({ scope, method: 'POST', key, memberId: actor.auth?.member.id, params: null, body, omits });
}

/** The runner apiRoute would hand an idempotent route's handler, for a request of the actor with a fresh key. */
export function onceFor(platform: TestPlatform, actor: Actor, scope: string, body: unknown, omits?: readonly string[]): Once {
  return runnerOf(platform, idempotencyFor(actor, scope, body, omits)).once;
}
