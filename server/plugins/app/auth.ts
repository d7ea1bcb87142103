import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors';
import { globalPlugin } from '../../lib/plugin';
import type { MemberRow } from '../../repositories/members';
import type { SessionRow } from '../../repositories/sessions';

export interface Auth {
  session: SessionRow;
  member: MemberRow;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a valid session for this tenant is required (401 otherwise). */
    requireSession(request: FastifyRequest): Promise<void>;
    /** preHandler: reads the session when a token is sent; a visitor stays a visitor. */
    optionalSession(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    auth: Auth | null;
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

export default globalPlugin('auth', async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);

  async function resolve(request: FastifyRequest, token: string): Promise<Auth> {
    const session = TOKEN.test(token) ? await app.repos.sessions.find(token) : null;
    const tenant = request.tenant;
    // A session belongs to the tenant whose merchant (or trial merchant) issued it.
    const sameTenant = session && (session.merchantCode === tenant.merchantCode || session.merchantCode === tenant.trialMerchantCode);
    const member = sameTenant ? await app.repos.members.byId(session.memberId) : null;
    if (!session || !member || member.status !== 'ACTIVE') throw new ApiError('session.invalid', 401);
    return { session, member };
  }

  app.decorate('requireSession', async (request: FastifyRequest) => {
    const token = tokenOf(request);
    if (!token) throw new ApiError('session.required', 401);
    request.auth = await resolve(request, token);
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
});
