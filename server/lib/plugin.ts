import type { FastifyInstance } from 'fastify';

/**
 * Marks a plugin as not encapsulated (what fastify-plugin does), so its decorators and hooks
 * reach the routes registered after it. Keeps the load order in app.ts the only wiring.
 */
export function globalPlugin<T extends (app: FastifyInstance, opts: never) => Promise<void>>(name: string, fn: T): T {
  Object.defineProperty(fn, Symbol.for('skip-override'), { value: true });
  Object.defineProperty(fn, Symbol.for('fastify.display-name'), { value: name });
  return fn;
}
