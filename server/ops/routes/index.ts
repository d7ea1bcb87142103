import type { FastifyInstance } from 'fastify';
import auditRoutes from './audit';
import cliRoutes from './cli';
import sessionRoutes from './session';

/** The back office's own routes: operator sign-in, the audit and the CLI's link to a running server. */
export default async function opsRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [sessionRoutes, auditRoutes, cliRoutes]) {
    await app.register(routes);
  }
}
