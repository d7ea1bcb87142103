/**
 * The built site served in preview mode for the tenant CLI (`preview`, `shots`): the real server
 * (buildApp) in this process on a fresh in-memory database seeded with the demo data, reading the
 * tenants from a folder (the working tree's, or a git revision's copy), on a port of its own.
 */
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { REPO_ROOT } from '../src/tenant/source';
import { buildSiteIfStale } from './site-build.mjs';

export interface PreviewSite {
  app: FastifyInstance;
  port: number;
  /** The site of a tenant: `http://<id>.localhost:<port>` (the preview names every tenant so). */
  origin(id: string): string;
  /** Tenant id -> the port serving only that tenant on localhost (with `framePorts`). */
  framePorts: Record<string, number>;
  close(): Promise<void>;
}

export interface PreviewSiteOptions {
  tenantsDir?: string;
  /** Tenant ids on /__preview (empty: all). */
  ids?: string[];
  watch?: boolean;
  /** 0: any free port. */
  port?: number;
  /** Also serve each tenant alone on a port of its own (`localhost:<port>`), for the preview's frames. */
  framePorts?: boolean;
  host?: string;
}

/** The built site (SITE_DIR, else dist/ built now when older than its sources). */
export function siteDir(): string {
  if (process.env.SITE_DIR) return resolve(process.env.SITE_DIR);
  buildSiteIfStale(REPO_ROOT, (line) => console.error(line));
  return resolve(REPO_ROOT, 'dist');
}

function portOf(server: Server): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

export async function startPreviewSite(opts: PreviewSiteOptions = {}): Promise<PreviewSite> {
  const framePorts: Record<string, number> = {};
  const app = await buildApp({
    db: 'pglite',
    siteDir: siteDir(),
    tenantsDir: resolve(opts.tenantsDir ?? resolve(REPO_ROOT, 'tenants')),
    logger: false,
    housekeeping: false,
    // A throwaway in-memory database whose demo passwords nobody types: cheap hashes start it faster.
    passwordHashing: 'fast',
    preview: { ids: opts.ids ?? [], watch: opts.watch ?? false, framePorts },
  });
  const host = opts.host ?? '127.0.0.1';
  await app.listen({ port: opts.port ?? 0, host });
  const port = portOf(app.server);
  const extra: Server[] = [];
  if (opts.framePorts) {
    for (const id of opts.ids?.length ? opts.ids : [...app.tenants.all.keys()]) {
      const server = createServer((req, res) => app.routing(req, res));
      await new Promise<void>((done) => server.listen(0, host, done));
      framePorts[id] = portOf(server);
      extra.push(server);
    }
  }
  return {
    app,
    port,
    origin: (id) => `http://${id}.localhost:${port}`,
    framePorts,
    close: async () => {
      for (const server of extra) {
        server.closeAllConnections();
        server.close();
      }
      app.server.closeAllConnections();
      await app.close();
    },
  };
}
