/**
 * Answers served from a cache because the database is out of reach. A read every visitor shares
 * (the maintenance windows behind the startup settings, the game catalogue, a server-rendered
 * page) keeps its last value for STALE_LIMIT_MS past its TTL while the database does not answer;
 * the response then carries STALE_WARNING, which the site's API client turns into a notice.
 */
import type { FastifyRequest } from 'fastify';
import { isConnectionError } from '../db/client';

/** How long past its TTL a cached read may stand in for the database (a database outage). */
export const STALE_LIMIT_MS = 10 * 60_000;

/** RFC 7234's warning of a stale response (HTTP `Warning` header). */
export const STALE_WARNING = '110 - "Response is stale"';

/** The `stale` options of TtlCache.getOrStale: database connection errors only, STALE_LIMIT_MS. */
export const STALE_ON_OUTAGE = { staleMs: STALE_LIMIT_MS, staleIf: isConnectionError } as const;

declare module 'fastify' {
  interface FastifyRequest {
    /** Part of the answer came from a cache because the database did not answer. */
    servedStale: boolean;
  }
}

/** Marks the request's answer as stale (the Warning header is added when it is sent). */
export function markStale(request: FastifyRequest): void {
  request.servedStale = true;
}
