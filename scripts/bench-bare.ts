/**
 * The bare Fastify routes the serve bench (bench-serve.ts) measures the platform against, in a
 * process of its own as the platform's instances are: `/bare` answers a small JSON envelope, and
 * `/page/<name>` answers the bytes of a page as a visitor got them from the platform (same body,
 * same Content-Encoding), from memory. The JSON job in argv[2] names each page's file and
 * encoding. Listens on a free loopback port, writes `{"port":N}` on a line of stdout, closes on SIGTERM.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { serveForBench } from './bench-instances';

export interface BareJob {
  pages: { name: string; file: string; encoding: string }[];
}

const job = JSON.parse(process.argv[2] ?? '{"pages":[]}') as BareJob;
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true, value: { ok: true } }));
for (const page of job.pages) {
  const body = readFileSync(page.file);
  app.get(`/page/${page.name}`, async (_request, reply) => {
    if (page.encoding !== 'identity') reply.header('content-encoding', page.encoding);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(body);
  });
}
await serveForBench(app);
