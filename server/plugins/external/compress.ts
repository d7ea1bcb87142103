import compress from '@fastify/compress';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { KeptAnswer } from '../../lib/kept-answer';
import { pageEncoding } from '../../lib/page-encoding';

declare module 'fastify' {
  interface FastifyReply {
    /** The kept answer this reply sends (lib/kept-answer.ts), set by lib/route.ts. */
    keptAnswer: KeptAnswer<object> | null;
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
 * one request can reach another that did not produce the very same answer. A kept answer (the
 * startup settings: lib/kept-answer.ts) has its shared part compressed once, and each visit's
 * last keys are sent after it (lib/page-encoding.ts).
 */
export default fp(async (app: FastifyInstance) => {
  const memo = new LRUCache<string, Buffer>({
    maxSize: MEMO_BYTES,
    sizeCalculation: (body, key) => body.length + key.length,
    ttl: MEMO_TTL_MS,
  });
  app.decorateReply('keptAnswer', null);

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string' || payload.length < THRESHOLD) return payload;
    if (request.headers.authorization !== undefined || request.headers.token !== undefined || request.headers['x-no-compression'] !== undefined) return payload;
    if (reply.getHeader('content-encoding') !== undefined || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const encoding = pageEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') return payload;
    const kept = reply.keptAnswer;
    // The kept answer's own bytes (no hook before this one changed them): its head is compressed already.
    if (kept && payload.length === kept.head.text.length + kept.tail.length) {
      encoded(reply, encoding);
      return kept.head.page.body(encoding, Buffer.from(kept.tail));
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
