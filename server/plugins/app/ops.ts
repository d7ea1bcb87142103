/**
 * The back office's gate: every `/ops` route needs an operator session (`Authorization: Bearer
 * <token>`, 401 `ops.session.required` otherwise), except the login and `/ops/cli`, which has its
 * own key. The hook is on the path, not on each route, so a route added later under /ops is
 * closed by default. Also draws the CLI key and, once listening on a PGlite data folder, writes
 * it and the port there (server/ops/cli-link.ts).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors';
import fp from 'fastify-plugin';
import { removeCliLink, writeCliLink } from '../../ops/cli-link';
import { operatorByToken } from '../../ops/operators';
import type { OpsActor } from '../../ops/types';
import { tokenOf } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    /** The key of POST /ops/cli (random per start; written to DATA_DIR/ops-cli.key when listening on PGlite). */
    opsCliKey: string;
  }
  interface FastifyRequest {
    /** The signed-in operator of an /ops request. */
    opsActor: OpsActor | null;
  }
}

const OPS_PATH = /^\/ops(\/|\?|$)/;
/** Reached without an operator session. */
const OPEN = new Set(['POST /ops/session', 'POST /ops/cli']);
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The signed-in operator (the hook has run on every /ops route but the open ones). */
export function opsActorOf(request: FastifyRequest): OpsActor {
  if (!request.opsActor) throw new ApiError('ops.session.required', 401);
  return request.opsActor;
}

export default fp(async (app: FastifyInstance) => {
  app.decorate('opsCliKey', randomBytes(32).toString('base64url'));
  app.decorateRequest('opsActor', null);

  app.addHook('onRequest', async (request) => {
    if (!OPS_PATH.test(request.url)) return;
    const path = request.url.split('?')[0];
    if (OPEN.has(`${request.method} ${path}`)) return;
    const token = tokenOf(request);
    const actor = token && TOKEN.test(token) ? await operatorByToken(app, token) : null;
    if (!actor) throw new ApiError('ops.session.required', 401);
    request.opsActor = actor;
  });

  const { dataDir, db } = app.config;
  if (db !== 'pglite' || !dataDir) return;
  app.addHook('onListen', async () => {
    const address = app.server.address() as AddressInfo | null;
    if (!address || typeof address !== 'object') return;
    writeCliLink(dataDir, app.opsCliKey, { pid: process.pid, port: address.port, host: address.address });
  });
  app.addHook('onClose', async () => removeCliLink(dataDir));
}, { name: 'ops' });
