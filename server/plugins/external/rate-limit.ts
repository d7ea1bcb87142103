import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors';
import fp from 'fastify-plugin';
import { CounterRepository } from '../../repositories/counters';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/** A @fastify/rate-limit store on the rate_counters table: every instance counts together. */
function databaseStore(counters: CounterRepository) {
  return class DatabaseStore {
    private readonly prefix: string;

    /** @fastify/rate-limit passes its options first; children get a per-route key prefix. */
    constructor(_options?: unknown, prefix = 'ip:') {
      this.prefix = prefix;
    }

    incr(key: string, cb: Callback, timeWindow: number): void {
      counters.hit(`${this.prefix}${key}`, timeWindow).then(
        (state) => cb(null, { current: state.count, ttl: state.ttlMs }),
        (err: Error) => cb(err),
      );
    }

    // At run time the plugin passes its merged route params, which carry `routeInfo`.
    child(routeOptions: object) {
      const { method, url } = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
      return new DatabaseStore(undefined, `ip:${String(method)}:${url}:`);
    }
  };
}

/**
 * Per-IP limits on the routes that carry `config.rateLimit` (login, captcha, SMS, e-mail, ...).
 * The hook runs at preHandler, after schema validation: a malformed request is refused without
 * writing anything, not even a counter.
 */
export default fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    store: databaseStore(new CounterRepository(app.db.orm)),
    keyGenerator: (request: FastifyRequest) => request.ip,
    errorResponseBuilder: (_request, context) => new ApiError('rate.limited', 429, { retryAfter: Math.ceil(context.ttl / 1000) }),
  });
}, { name: 'rate-limit' });
