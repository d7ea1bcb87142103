import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors';
import fp from 'fastify-plugin';
import { sha256 } from '../../lib/tokens';
import { excludedError, exclusionOfToken } from '../../modules/protection';
import type { Auth } from '../../platform';
import type { SessionRow } from '../../repositories/sessions';
import { sessionLimitReached, sessionOver } from '../../modules/protection';


declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a valid session for this tenant is required (401 otherwise). */
    requireSession(request: FastifyRequest): Promise<void>;
    /** preHandler: reads the session when a token is sent; a visitor stays a visitor. */
    optionalSession(request: FastifyRequest): Promise<void>;
    /**
     * preHandler of a game's own calls: an in-house game's play token (request.playNodeId set to
     * its game) or a member session token (401 otherwise).
     */
    requirePlayer(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    auth: Auth | null;
    /** The game a play token was issued for; null with a member session token. */
    playNodeId: number | null;
  }
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The token of a request: `Authorization: Bearer <token>` or a `token` header. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  const plain = request.headers.token;
  return typeof plain === 'string' && plain !== '' ? plain : undefined;
}

export default fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('playNodeId', null);

  async function resolve(request: FastifyRequest, token: string): Promise<Auth> {
    const found = TOKEN.test(token) ? await app.repos.sessions.findWithMember(token) : null;
    const tenant = request.tenant;
    // A session belongs to the tenant whose merchant (or trial merchant) issued it.
    const sameTenant = found && (found.session.merchantCode === tenant.merchantCode || found.session.merchantCode === tenant.trialMerchantCode);
    const session = sameTenant ? found.session : null;
    const member = sameTenant ? found.member : null;
    if (!session || !member || member.status !== 'ACTIVE') {
      // A session a time-out or self-exclusion ended: the member is told until when.
      const excluded = TOKEN.test(token) ? await exclusionOfToken(app.db.orm, sha256(token), [tenant.merchantCode, tenant.trialMerchantCode]) : null;
      if (excluded) throw excludedError(tenant, excluded, 401);
      throw new ApiError('session.invalid', 401);
    }
    const limit = found?.sessionLimit ?? null;
    // A change of the limit whose time has come is written by the full read; else the row read
    // with the session holds the limit in force.
    if (limit && limit.pendingSet && limit.effectiveAt && limit.effectiveAt.getTime() <= Date.now()) await endAtSessionLimit(session);
    else if (sessionOver(session.createdAt, limit?.value ?? null)) throw new ApiError('limit.session.reached', 401);
    return { session, member, wallet: found?.wallet ?? null };
  }

  /**
   * The member's session time limit (services/player-limits.ts): once the login is that old it
   * is over: every call with any token of it (renewals keep the login's start) answers 401
   * limit.session.reached, and the member logs in again.
   */
  async function endAtSessionLimit(session: SessionRow): Promise<void> {
    if (await sessionLimitReached(app.db.orm, session.memberId, session.createdAt)) throw new ApiError('limit.session.reached', 401);
  }

  app.decorate('requireSession', async (request: FastifyRequest) => {
    const token = tokenOf(request);
    if (!token) throw new ApiError('session.required', 401);
    request.auth = await resolve(request, token);
  });

  app.decorate('requirePlayer', async (request: FastifyRequest) => {
    const token = tokenOf(request);
    if (!token) throw new ApiError('session.required', 401);
    const grant = TOKEN.test(token) ? await app.repos.gameTokens.findPlay(token) : null;
    if (!grant) {
      request.auth = await resolve(request, token);
      return;
    }
    const tenant = request.tenant;
    const member = await app.repos.members.byId(grant.memberId);
    const sameTenant = grant.session.merchantCode === tenant.merchantCode || grant.session.merchantCode === tenant.trialMerchantCode;
    if (!sameTenant || !member || member.status !== 'ACTIVE') throw new ApiError('session.invalid', 401);
    await endAtSessionLimit(grant.session);
    request.auth = { session: grant.session, member };
    request.playNodeId = grant.nodeId;
  });

  app.decorate('optionalSession', async (request: FastifyRequest) => {
    const token = tokenOf(request);
    if (!token) return;
    try {
      request.auth = await resolve(request, token);
    } catch (err) {
      // A stale token makes a visitor; a database failure is still an error.
      if (!(err instanceof ApiError)) throw err;
      request.auth = null;
    }
  });
}, { name: 'auth' });
