/**
 * Keyset cursors of the records lists: the sort key of the last row sent (for example its
 * created_at in epoch microseconds and its id), so the next page starts right after it with an
 * index range scan however deep the member scrolls, and rows inserted meanwhile never shift a page.
 * Opaque to the client (base64url of the numbers); a cursor that does not decode is a 400 on /cursor.
 */
import { sql, type SQL } from 'drizzle-orm';
import { validationError } from '../errors';

export function encodeCursor(keys: readonly (number | bigint | string)[]): string {
  return Buffer.from(keys.map(String).join('.')).toString('base64url');
}

/** The `size` integer keys of a cursor (as strings, exact for bigint columns). */
export function decodeCursor(cursor: string, size: number): string[] {
  const keys = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  if (keys.length !== size || !keys.every((k) => /^-?\d{1,20}$/.test(k))) {
    throw validationError('/cursor', { location: 'querystring', reason: 'not a cursor of this list' });
  }
  return keys;
}

const MAX_BIGINT = 2n ** 63n - 1n;
/** Instants a row can have (up to the year 2255) in epoch microseconds. */
const MAX_MICROS = 2n ** 53n;

/** A timestamptz in epoch microseconds, as exact text: the time half of a (created_at, id) cursor. */
export const epochMicros = (column: SQL): SQL<string> => sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/** The cursor of a row of a newest-first (created_at, id) list. */
export const timeCursor = (micros: string, id: number | string): string => encodeCursor([micros, id]);

/** A decoded (created_at, id) cursor: created_at in epoch microseconds, and the id, both exact. */
export interface TimeKey {
  micros: string;
  id: string;
}

/**
 * The key of a (created_at, id) cursor; undefined on the first page; a 400 on /cursor when it
 * does not decode, or names a key no row can have (it would overflow the bigint and timestamp
 * arithmetic: a 400, not a 500).
 */
export function decodeTimeCursor(cursor: string | undefined): TimeKey | undefined {
  if (cursor === undefined) return undefined;
  const [micros, id] = decodeCursor(cursor, 2).map(BigInt);
  if (micros < 0n || micros > MAX_MICROS || id < 1n || id > MAX_BIGINT) {
    throw validationError('/cursor', { location: 'querystring', reason: 'not a cursor of this list' });
  }
  return { micros: micros.toString(), id: id.toString() };
}

/** Rows before the key's row in (createdAt, id) order: one row comparison, a range of the (…, created_at, id) indexes. */
const beforeKey = (createdAt: SQL, id: SQL, key: TimeKey): SQL =>
  sql`(${createdAt}, ${id}) < (timestamptz 'epoch' + ${key.micros}::bigint * interval '1 microsecond', ${key.id}::bigint)`;

/**
 * The rows after `cursor` in a list ordered by (createdAt, id) newest first: one row comparison,
 * which the (…, created_at, id) indexes answer as a range. Undefined on the first page.
 */
export function afterTimeCursor(createdAt: SQL, id: SQL, cursor: string | undefined): SQL | undefined {
  const key = decodeTimeCursor(cursor);
  return key === undefined ? undefined : beforeKey(createdAt, id, key);
}

/**
 * The newer end of a page of a list ordered by (createdAt, id) newest first, within a range that
 * ends before `until`: the rows before the cursor's row, or before `until` on the first page (or
 * for a cursor past the range). One bound only, never both: given a column bound and a row
 * comparison, the B-tree cannot tell which is tighter and would start at the range's end, then
 * walk down to the cursor, so a page deep in a million rows would cost as much as its depth.
 */
export function newerThan(createdAt: SQL, id: SQL, until: Date, key: TimeKey | undefined): SQL {
  if (key === undefined || BigInt(key.micros) >= BigInt(until.getTime()) * 1000n) return sql`${createdAt} < ${until.toISOString()}::timestamptz`;
  return beforeKey(createdAt, id, key);
}
