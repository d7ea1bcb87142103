import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler, preValidationHookHandler } from 'fastify';
import type { ValidateFunction } from 'ajv';
import type { EndpointKey, Endpoints, RouteNames } from '../../src/generated/api/endpoints';
import { ApiError, ok, validationError } from '../errors';
import { perIp, type Limit } from '../limits';
import { JweRefused } from '../repositories/keys';
import { MEMBER_TYPE, type MemberRow } from '../repositories/members';
import { fieldOf, type RouteSpec } from '../schemas';
import { IDEMPOTENCY_HEADER, idempotentRequest, runnerOf, type Once } from './idempotency';
import { KeptAnswer } from './kept-answer';

declare module 'fastify' {
  interface FastifyRequest {
    /** The decrypted, validated body of an encrypted route. */
    decrypted: unknown;
  }
}

/** An encrypted route refuses a plain body before anything else looks at it. */
const requireEncryption: preValidationHookHandler = async (request) => {
  const body = request.body as { payload?: unknown } | null | undefined;
  if (request.headers['x-encrypted'] !== '1' || typeof body?.payload !== 'string') {
    throw new ApiError('encryption.required', 400);
  }
};

/** An encrypted body's iat must be within this many seconds of the server's clock. */
const JWE_MAX_SKEW_SECONDS = 120;
const JTI = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * iat (seconds) close to now and a well-formed single-use jti in the protected header; throws
 * `encryption.invalid` when missing, `encryption.stale` when iat is out of the window.
 */
function checkFreshness(header: object, nowSeconds = Date.now() / 1000): { jti: string } {
  const { iat, jti } = header as { iat?: unknown; jti?: unknown };
  if (typeof iat !== 'number' || !Number.isFinite(iat) || typeof jti !== 'string' || !JTI.test(jti)) {
    throw new ApiError('encryption.invalid', 400);
  }
  if (Math.abs(nowSeconds - iat) > JWE_MAX_SKEW_SECONDS) throw new ApiError('encryption.stale', 400);
  return { jti };
}

/**
 * Opens an encrypted body. Refusals are counted per IP (limits.encryptionFailuresPerIp); once
 * over, the route answers 429 before any RSA decryption. The header's iat and jti are checked
 * before decrypting (cheap) and again on the authenticated header; the jti is then recorded, and
 * one already recorded is a replay.
 */
function decryptWith(app: FastifyInstance, validate: ValidateFunction): preHandlerHookHandler {
  const limit = app.config.limits.encryptionFailuresPerIp;
  return async (request) => {
    const failures = `jwe-fail:${request.ip}`;
    if ((await app.repos.counters.peek(failures)) >= limit.max) throw new ApiError('rate.limited', 429);
    const refuse = async (error: ApiError): Promise<never> => {
      await app.repos.counters.hit(failures, limit.windowMs);
      throw error;
    };
    const jwe = (request.body as { payload: string }).payload;
    let text: string;
    try {
      checkFreshness(app.jwe.peekHeader(jwe));
      const opened = await app.jwe.decrypt(jwe);
      const { jti } = checkFreshness(opened.header);
      if (!(await app.repos.jweReplays.remember(jti, 2 * JWE_MAX_SKEW_SECONDS + 60))) throw new ApiError('encryption.replayed', 400);
      text = opened.text;
    } catch (err) {
      if (err instanceof ApiError) return refuse(err);
      if (err instanceof JweRefused) return refuse(new ApiError('encryption.invalid', 400));
      throw err;
    }
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      return refuse(new ApiError('body.malformed', 400));
    }
    if (!validate(payload)) {
      const error = validate.errors?.[0];
      throw validationError(fieldOf(error), { location: 'payload', reason: error?.message });
    }
    request.decrypted = payload;
  };
}

/**
 * What a member who logged in with an e-mailed temporary password may do until the password is
 * changed: change it, read the member info the change-password screen shows, renew, log out.
 */
const WHILE_PASSWORD_CHANGE_REQUIRED = new Set(['security.changePassword', 'member.info', 'session.renew', 'session.logout']);

function passwordChangeGate(route: string, optional: boolean): preHandlerHookHandler {
  return async (request) => {
    if (!request.auth?.member.mustChangePassword || WHILE_PASSWORD_CHANGE_REQUIRED.has(route)) return;
    // Where a session is optional the member is served as a visitor; elsewhere refused.
    if (optional) request.auth = null;
    else throw new ApiError('password.change.required', 403);
  };
}

/** The endpoint of route `name` of schema file `file` (schemas/api/<file>.json). */
type RouteEndpoint<F extends keyof RouteNames, N extends keyof RouteNames[F]> = Endpoints[RouteNames[F][N] & EndpointKey];

/** A part as the handler sees it: absent parts are unknown; schema defaults have been filled in. */
type Received<T, Defaults extends PropertyKey> = [T] extends [undefined]
  ? unknown
  : [Defaults] extends [never]
    ? T
    : T & { [P in Defaults & keyof NonNullable<T>]-?: Exclude<NonNullable<T>[P], undefined> };

/**
 * The request of an endpoint, typed from schemas/api: Fastify has validated (and coerced) the
 * params, query and body against the route's schemas before the handler runs, and an encrypted
 * route's decrypted payload against its payload schema.
 */
type ApiRequest<E extends Endpoints[EndpointKey]> = FastifyRequest<{
  Params: Received<E['params'], never>;
  Querystring: Received<E['query'], E['defaults']['query']>;
  Body: Received<E['body'], E['defaults']['body']>;
}> &
  ([E['payload']] extends [undefined] ? unknown : { decrypted: E['payload'] });

/** What a handler answers: the route's value (the envelope is added), or the reply itself on `produces` routes. */
type ApiAnswer<E extends Endpoints[EndpointKey]> = E['produces'] extends 'application/json' ? E['response'] | KeptAnswer<E['response'] & object> : FastifyReply;

/**
 * Free-trial accounts (member type 4) play with trial money: the real-account functions (money,
 * records, security, feedback, referral, rewards) refuse them with 'login_actual_account'.
 */
export function assertRealMember(member: Pick<MemberRow, 'type'>): void {
  if (member.type === MEMBER_TYPE.TRIAL) throw new ApiError('trial.forbidden', 403);
}

const requireRealMember: preHandlerHookHandler = async (request) => {
  if (request.auth) assertRealMember(request.auth.member);
};

/**
 * The handler of a route. An idempotent route's (`"idempotent": true` in its x-routes entry) is
 * handed `once`, the runner of its Idempotency-Key (lib/idempotency): the money moves in
 * `once(tx => ...)`; the others have no runner.
 */
type ApiHandler<E extends Endpoints[EndpointKey]> = E['idempotent'] extends true
  ? (request: ApiRequest<E>, reply: FastifyReply, once: Once) => Promise<ApiAnswer<E>>
  : (request: ApiRequest<E>, reply: FastifyReply) => Promise<ApiAnswer<E>>;

/**
 * An idempotent route's handler with its runner: one key and one request hash (method, route,
 * params and body less the route's `idempotencyOmits`) per request. The handler refuses before
 * `once` or moves the money in it; answering without running it is a server error.
 */
function idempotentHandler(
  app: FastifyInstance,
  scope: string,
  spec: RouteSpec,
  handle: (request: FastifyRequest, reply: FastifyReply, once: Once) => Promise<unknown>,
): (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> {
  return async (request, reply) => {
    const id = idempotentRequest({
      scope,
      method: request.method,
      key: request.headers[IDEMPOTENCY_HEADER],
      memberId: request.auth?.member.id,
      params: request.params,
      body: spec.encrypted ? request.decrypted : request.body,
      omits: spec.idempotencyOmits,
    });
    const { once, ran } = runnerOf(app, id);
    const value = await handle(request, reply, once);
    if (!ran()) throw new Error(`${scope}: an idempotent route answered without running its work`);
    return value;
  };
}

export interface ApiRouteOptions<E extends Endpoints[EndpointKey]> {
  handler: ApiHandler<E>;
  /** Per-IP limit (kept in the database). */
  rateLimit?: Limit;
  /**
   * Of a route that speaks another party's protocol (the vendors' wallet): a check before schema
   * validation (a signature), a hook on the answer's bytes (signing it), and the route's own
   * error answers instead of the envelope.
   */
  preValidation?: preValidationHookHandler;
  onSend?: onSendHookHandler;
  errorHandler?: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => unknown;
}

/**
 * The answer in its envelope. A kept answer (lib/kept-answer.ts) is already serialised: it is sent
 * as its text, and the compress plugin sends its kept head compressed once.
 */
function envelope(reply: FastifyReply, value: unknown): unknown {
  if (!(value instanceof KeptAnswer)) return ok(value);
  reply.keptAnswer = value;
  reply.type('application/json; charset=utf-8');
  return value.text;
}

/**
 * Registers the route `file.name` of schemas/api: method, URL and JSON Schemas come from the
 * schema file, so the contract and the server cannot drift. The handler returns the value; the
 * envelope is added here (except on `produces` routes: pages, scripts, images, whose handler
 * sends the body itself). The handler's request and answer have the route's types from the
 * endpoint map (src/generated/api/endpoints.ts); an idempotent route's handler also gets its key's
 * runner (idempotentHandler). Hooks run in this order: decrypt + payload
 * validation, session, rate limit (so a malformed request writes nothing, not even a counter).
 */
export function apiRoute<F extends keyof RouteNames, N extends keyof RouteNames[F] & string>(
  app: FastifyInstance,
  file: F,
  name: N,
  opts: ApiRouteOptions<RouteEndpoint<F, N>>,
): void {
  const spec = app.schemas.spec(file, name);
  // Fastify validates the request against the route's schemas (app.route below) before the
  // handler runs: that is what makes it the handler's ApiRequest.
  const handle = opts.handler as unknown as (request: FastifyRequest, reply: FastifyReply, once?: Once) => Promise<unknown>;
  const handler = spec.idempotent ? idempotentHandler(app, `${file}.${name}`, spec, handle) : handle;
  const preValidation: preValidationHookHandler[] = [];
  const preHandler: preHandlerHookHandler[] = [];
  if (opts.preValidation) preValidation.push(opts.preValidation);
  if (spec.encrypted) {
    preValidation.push(requireEncryption);
    preHandler.push(decryptWith(app, app.schemas.payloadValidator(file, name)));
  }
  if (spec.auth === 'required') preHandler.push(app.requireSession);
  if (spec.auth === 'optional') preHandler.push(app.optionalSession);
  if (spec.auth === 'game') preHandler.push(app.requirePlayer);
  if (spec.auth) preHandler.push(passwordChangeGate(`${file}.${name}`, spec.auth === 'optional'));
  if (spec.realMember) preHandler.push(requireRealMember);
  app.route({
    method: spec.method,
    url: spec.url,
    schema: app.schemas.route(file, name),
    preValidation,
    preHandler,
    config: opts.rateLimit ? perIp(opts.rateLimit) : {},
    ...(opts.onSend ? { onSend: opts.onSend } : {}),
    ...(opts.errorHandler ? { errorHandler: opts.errorHandler } : {}),
    // A `produces` route sends its own body (page, script, image); the others return the value.
    handler: spec.produces ? handler : async (request, reply) => envelope(reply, await handler(request, reply)),
  });
}
