import type { FastifyInstance } from 'fastify';

/** In-flight requests get this long to finish once the server stops accepting; then the process exits anyway. */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * Shuts the server down as a load balancer expects: readiness answers 503 at once (`draining`)
 * while every other request is still served for `drainMs`, so the balancer takes the instance
 * out before it stops accepting; then `closing`: no new connections, idle kept-alive ones
 * closed, requests in flight finished (a request still arriving on an open connection gets 503
 * `site.unavailable` in the envelope), the database closed. Responses say `Connection: close`
 * from the start of the drain (the availability plugin).
 */
export async function drainAndClose(app: FastifyInstance, drainMs: number, wait = delay): Promise<void> {
  app.lifecycle.phase = 'draining';
  await wait(drainMs);
  app.lifecycle.phase = 'closing';
  // A kept-alive connection goes idle once its last response is out: close it then, rather
  // than after the keep-alive timeout.
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  idle.unref();
  try {
    await app.close();
  } finally {
    clearInterval(idle);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
