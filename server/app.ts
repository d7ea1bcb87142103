import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppOptions } from './config';
import { isConnectionError, TransactionBusyError } from './db/client';
import { ApiError, errorEnvelope, validationError, type ErrorCode } from './errors';
import { loggerOptions } from './lib/logging';
import { validAuthority } from './lib/tenant-host';
import { fieldOf, ApiSchemas } from './schemas';
import { refusalError } from './ops/http';
import { OpsRefusal } from './ops/types';
import envPlugin from './plugins/external/env';
import dbPlugin from './plugins/external/db';
import rateLimitPlugin from './plugins/external/rate-limit';
import helmetPlugin from './plugins/external/helmet';
import compressPlugin from './plugins/external/compress';
import staticPlugin from './plugins/external/static';
import availabilityPlugin from './plugins/app/availability';
import repositoriesPlugin from './plugins/app/repositories';
import providersPlugin from './plugins/app/providers';
import tenantsPlugin from './plugins/app/tenants';
import tenantReleasesPlugin from './plugins/app/tenant-releases';
import authPlugin from './plugins/app/auth';
import startupPlugin from './plugins/app/startup';
import housekeepingPlugin from './plugins/app/housekeeping';
import opsPlugin from './plugins/app/ops';
import depositJobsPlugin from './plugins/app/deposit-jobs';
import accountRoutes from './modules/account/routes';
import agentRoutes from './modules/agent/routes';
import engagementRoutes from './modules/engagement/routes';
import gamesRoutes from './modules/games/routes';
import protectionRoutes from './modules/protection/routes';
import recordsRoutes from './modules/records/routes';
import siteRoutes from './modules/site/routes';
import sitePageRoutes from './modules/site/routes/site';
import siteInstallRoutes from './modules/site/routes/install';
import previewRoutes from './modules/site/routes/preview';
import walletRoutes from './modules/wallet/routes';
import opsRoutes from './ops/routes';

declare module 'fastify' {
  interface FastifyInstance {
    schemas: ApiSchemas;
  }
}

/**
 * Maps any error to the envelope: ours as they are, Fastify's by code, a transaction that lost
 * every retry to deadlocks as 503 `server.busy`, a database out of reach as 503 `site.unavailable`
 * (the transaction was rolled back or never began; the client may retry), the rest as 500.
 */
function toEnvelope(error: FastifyError | ApiError | OpsRefusal | TransactionBusyError): { status: number; body: ReturnType<typeof errorEnvelope> } {
  if (error instanceof OpsRefusal) return toEnvelope(refusalError(error));
  if (error instanceof ApiError) return { status: error.statusCode, body: errorEnvelope(error.errorCode, error.value) };
  if (error instanceof TransactionBusyError) return { status: 503, body: errorEnvelope('server.busy') };
  if (isConnectionError(error)) return { status: 503, body: errorEnvelope('site.unavailable') };
  if (error.validation) {
    const e = validationError(fieldOf(error.validation[0] as never), { location: error.validationContext, reason: error.validation[0]?.message });
    return { status: 400, body: errorEnvelope(e.errorCode, e.value) };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: errorEnvelope('body.too.large') };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: error.statusCode ?? 415, body: errorEnvelope('content.type.unsupported') };
  }
  const status = error.statusCode ?? 500;
  const byStatus: Record<number, ErrorCode> = { 404: 'not.found', 413: 'body.too.large', 415: 'content.type.unsupported', 429: 'rate.limited' };
  if (status >= 400 && status < 500) return { status, body: errorEnvelope(byStatus[status] ?? 'body.malformed') };
  return { status: 500, body: errorEnvelope('server.error') };
}

/**
 * Fastify's `trustProxy` from ours. A hop count n trusts the socket peer and the n-1 proxies
 * before it (proxy-addr's numeric rule; Fastify itself refuses bare numbers): the client IP is
 * the n-th address from the right of X-Forwarded-For, whatever a client puts on its left. Only
 * sound when the server cannot be reached except through those proxies; addresses are stricter.
 */
function proxyTrust(trust: AppOptions['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return trust > 0 ? (_address: string, hop: number) => hop < trust : false;
  return trust && trust.length > 0 ? trust : false;
}

/** Form-encoded bodies (forgot password by e-mail) become plain objects of strings. */
function parseForm(_request: unknown, body: string, done: (err: Error | null, value?: unknown) => void): void {
  done(null, Object.fromEntries(new URLSearchParams(body)));
}

/**
 * Builds the server. Plugins load in a fixed order: config and tenants, database, rate limiting,
 * security headers, compression, then repositories and other app plugins, then routes (each with
 * its JSON Schemas from schemas/api/), then the built site.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Options given by the caller should come from loggerOptions() (redaction, query-free URLs).
    logger: options.logger ?? loggerOptions(),
    bodyLimit: options.bodyLimit ?? 64 * 1024,
    trustProxy: proxyTrust(options.trustProxy),
    // A first start migrates and seeds the database; on a busy 2-core machine that can take
    // longer than Fastify's default 10 s plugin timeout.
    pluginTimeout: 180_000,
    // While closing, requests still arriving on open connections get our envelope (the
    // availability plugin), not Fastify's own 503 body.
    return503OnClosing: false,
  });

  const schemas = new ApiSchemas();
  app.decorate('schemas', schemas);
  app.setValidatorCompiler(schemas.compile);
  // Responses are plain JSON; their schemas document the contract and are checked in tests.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // The API speaks JSON (and forms for forgot-password); any other body type is a 415.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, parseForm);

  app.setErrorHandler((error: FastifyError | OpsRefusal, request, reply) => {
    const { status, body } = toEnvelope(error);
    if (status === 503 && !(error instanceof ApiError)) request.log.warn({ err: error }, 'database out of reach');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send(body);
  });

  // A Host header that is not an authority is refused first, before a plugin or route reads it.
  app.addHook('onRequest', async (request) => {
    const host = request.headers.host;
    if (host === undefined || validAuthority(host)) return;
    request.log.info({ host: host.slice(0, 100) }, 'Host header refused');
    throw validationError('/host', { location: 'headers', reason: 'Host must be a host name or address with an optional port' });
  });

  await app.register(envPlugin, options);
  await app.register(availabilityPlugin);
  await app.register(dbPlugin);
  await app.register(rateLimitPlugin);
  await app.register(helmetPlugin);
  await app.register(compressPlugin);

  await app.register(repositoriesPlugin);
  await app.register(providersPlugin);
  await app.register(tenantReleasesPlugin);
  await app.register(tenantsPlugin);
  await app.register(authPlugin);
  await app.register(startupPlugin);
  await app.register(housekeepingPlugin);
  await app.register(opsPlugin);
  await app.register(depositJobsPlugin);

  // Each module wires its own routes (server/modules/<area>/routes/index.ts).
  for (const routes of [siteRoutes, accountRoutes, walletRoutes, gamesRoutes, recordsRoutes, engagementRoutes, agentRoutes, protectionRoutes, opsRoutes]) {
    await app.register(routes);
  }

  // Preview mode (the tenant CLI's preview and shots only; no environment variable turns it on).
  if (options.preview) await app.register(previewRoutes, options.preview);
  await app.register(staticPlugin);
  await app.register(siteInstallRoutes);
  await app.register(sitePageRoutes);
  return app;
}
