import compress from '@fastify/compress';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { EncodedPage, pageEncoding } from '../../lib/page-encoding';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Where the per-visit part of the route's answer starts (lib/route.ts `visitTail`). */
    visitTail?: string;
  }
}

/** Brotli at quality 5: on-the-fly compression must stay cheap. */
const BROTLI_QUALITY = 5;
const THRESHOLD = 1024;
/** Compressed answers kept, by encoding and exact bytes: at most this much memory, each at most this long. */
const MEMO_BYTES = 32 * 1024 * 1024;
const MEMO_TTL_MS = 30_000;

/** Marks a reply as sent in `encoding`, keeping any Vary the route set. */
function encoded(reply: FastifyReply, encoding: string): void {
  const vary = reply.getHeader('vary');
  reply.header('content-encoding', encoding);
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  reply.removeHeader('content-length');
}

/**
 * br / gzip for responses above 1 KB. A visitor's JSON answer (no credentials: the startup's
 * shared lists, the game list, announcements) is the same bytes for every visitor of a tenant
 * for seconds at a time, so its compressed form is kept by those exact bytes and served again
 * instead of compressed per request: the same input always gives the same output, so nothing of
 * one request can reach another that did not produce the very same answer. An answer whose last
 * keys are the visit's own (a route's `visitTail`) keeps the part before them, compressed once,
 * and sends each visit's tail after it (lib/page-encoding.ts).
 */
export default fp(async (app: FastifyInstance) => {
  const memo = new LRUCache<string, Buffer>({
    maxSize: MEMO_BYTES,
    sizeCalculation: (body, key) => body.length + key.length,
    ttl: MEMO_TTL_MS,
  });
  /** Answers with a per-visit tail (the startup settings): the part before it, compressed once (EncodedPage). */
  const heads = new LRUCache<string, EncodedPage>({
    maxSize: MEMO_BYTES,
    sizeCalculation: (_page, key) => 2 * key.length,
    ttl: MEMO_TTL_MS,
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string' || payload.length < THRESHOLD) return payload;
    if (request.headers.authorization !== undefined || request.headers.token !== undefined || request.headers['x-no-compression'] !== undefined) return payload;
    if (reply.getHeader('content-encoding') !== undefined || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const encoding = pageEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') return payload;
    const marker = request.routeOptions.config?.visitTail;
    const split = marker ? payload.lastIndexOf(marker) : -1;
    if (split > 0) {
      const head = payload.slice(0, split);
      let page = heads.get(head);
      if (!page) heads.set(head, (page = new EncodedPage(Buffer.from(head))));
      encoded(reply, encoding);
      return page.body(encoding, Buffer.from(payload.slice(split)));
    }
    const key = `${encoding}\n${payload}`;
    let body = memo.get(key);
    if (!body) {
      body = encoding === 'br' ? brotliCompressSync(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }) : gzipSync(payload);
      memo.set(key, body);
    }
    encoded(reply, encoding);
    return body;
  });

  await app.register(compress, {
    global: true,
    threshold: THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
}, { name: 'compress' });
