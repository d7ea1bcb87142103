import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler, preValidationHookHandler } from 'fastify';
import type { ValidateFunction } from 'ajv';
import { ApiError, ok, validationError } from '../errors';
import { perIp, type Limit } from '../limits';
import { fieldOf } from '../schemas';

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

function decryptWith(app: FastifyInstance, validate: ValidateFunction): preHandlerHookHandler {
  return async (request) => {
    let text: string;
    try {
      text = await app.jwe.decrypt((request.body as { payload: string }).payload);
    } catch {
      throw new ApiError('encryption.invalid', 400);
    }
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      throw new ApiError('body.malformed', 400);
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
export const WHILE_PASSWORD_CHANGE_REQUIRED = new Set(['security.changePassword', 'member.info', 'session.renew', 'session.logout']);

function passwordChangeGate(route: string, optional: boolean): preHandlerHookHandler {
  return async (request) => {
    if (!request.auth?.member.mustChangePassword || WHILE_PASSWORD_CHANGE_REQUIRED.has(route)) return;
    // Where a session is optional the member is served as a visitor; elsewhere refused.
    if (optional) request.auth = null;
    else throw new ApiError('password.change.required', 403);
  };
}

export interface ApiRouteOptions {
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** Per-IP limit (kept in the database). */
  rateLimit?: Limit;
}

/**
 * Registers the route `file.name` of schemas/api: method, URL and JSON Schemas come from the
 * schema file, so the contract and the server cannot drift. The handler returns the value; the
 * envelope is added here (except on `produces` routes: pages, scripts, images, whose handler
 * sends the body itself). Hooks run in this order: decrypt + payload validation, session, rate
 * limit (so a malformed request writes nothing, not even a counter).
 */
export function apiRoute(app: FastifyInstance, file: string, name: string, opts: ApiRouteOptions): void {
  const spec = app.schemas.spec(file, name);
  const preValidation: preValidationHookHandler[] = [];
  const preHandler: preHandlerHookHandler[] = [];
  if (spec.encrypted) {
    preValidation.push(requireEncryption);
    preHandler.push(decryptWith(app, app.schemas.payloadValidator(file, name)));
  }
  if (spec.auth === 'required') preHandler.push(app.requireSession);
  if (spec.auth === 'optional') preHandler.push(app.optionalSession);
  if (spec.auth === 'game') preHandler.push(app.requirePlayer);
  if (spec.auth) preHandler.push(passwordChangeGate(`${file}.${name}`, spec.auth === 'optional'));
  app.route({
    method: spec.method,
    url: spec.url,
    schema: app.schemas.route(file, name),
    preValidation,
    preHandler,
    config: opts.rateLimit ? perIp(opts.rateLimit) : {},
    // A `produces` route sends its own body (page, script, image); the others return the value.
    handler: spec.produces ? opts.handler : async (request, reply) => ok(await opts.handler(request, reply)),
  });
}
