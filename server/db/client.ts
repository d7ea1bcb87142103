import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import type { DbOption } from '../config';
import { lockDataDir } from './data-dir-lock';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a repository can run a query on: the database or an open transaction. */
export type Executor = Db | Tx;

/** A raw connection inside one transaction, for migrations (multi-statement SQL files). */
export interface RawTx {
  exec(sqlText: string): Promise<void>;
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  orm: Db;
  /** Runs `fn` in one transaction on one raw connection. */
  rawTransaction<T>(fn: (tx: RawTx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * How long a request may wait for a PostgreSQL connection (opening one, or its turn in the pool's
 * queue: node-postgres applies the same limit to both) before it fails with 503. Long enough for
 * a burst of a thousand requests on ten connections; short enough that a database that does not
 * answer fails requests instead of holding them for ever.
 */
const CONNECT_TIMEOUT_MS = 30_000;

/** The `application_name` of this process's PostgreSQL connections: `whitelabel:<schema>:<pid>`. */
export function applicationName(searchPath?: string): string {
  return `whitelabel:${searchPath ?? 'public'}:${process.pid}`;
}

/** Node and node-postgres errors of a connection that failed, dropped or could not be opened. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'Client was closed and is not queryable',
];

/**
 * Whether an error means the database could not be reached (not that a query was wrong): a
 * connection refused, reset, timed out or terminated, SQLSTATE class 08 (connection exception),
 * 57P01 / 57P02 (the server or an administrator ended the connection) and 57P03 (the server is
 * starting or stopping). Follows `cause` (drizzle wraps driver errors) and AggregateError.
 */
export function isConnectionError(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (CONNECTION_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03') return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (CONNECTION_MESSAGES.some((m) => message.startsWith(m))) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isConnectionError(inner, depth + 1))) return true;
  return isConnectionError(e.cause, depth + 1);
}

/** Where database trouble outside a request goes (the app logger). */
export interface DbLogger {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Opens the database named by the options: embedded PGlite, or a node-postgres pool. `pgliteDump`
 * (in-memory PGlite only): a `dumpDataDir()` tarball the database starts from (the tests' template).
 */
export async function openDatabase(option: DbOption, dataDir?: string, log?: DbLogger, pgliteDump?: string): Promise<Database> {
  const database = option === 'pglite' ? await openPglite(dataDir, log, pgliteDump) : await openPostgres(option.pgUrl, option.schema, log);
  retryTransactions(database.orm, log);
  return database;
}

/** SQLSTATEs after which a transaction is run again from the start: deadlock_detected, serialization_failure. */
const RETRIED_STATES = new Set(['40P01', '40001']);
/** Runs of one transaction at most (the first and the retries). */
export const TRANSACTION_ATTEMPTS = 4;

/** The SQLSTATE of a database error, also when drizzle wrapped it (`cause`). */
function sqlStateOf(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The refusal when a transaction lost every retry to deadlocks or serialization failures. */
export class TransactionBusyError extends Error {
  constructor(readonly sqlState: string) {
    super(`transaction failed ${TRANSACTION_ATTEMPTS} times (SQLSTATE ${sqlState})`);
    this.name = 'TransactionBusyError';
  }
}

/**
 * Makes `orm.transaction` (every transaction the app opens) run its callback again, in a fresh
 * transaction, when PostgreSQL aborts it for a deadlock or a serialization failure: the aborted
 * run wrote nothing, so running it again is exact (an idempotency key claimed in it is gone too).
 * A short random pause lets the other side finish first. After TRANSACTION_ATTEMPTS runs it
 * throws TransactionBusyError (503 `server.busy`). Savepoints (`tx.transaction`) are not retried
 * by themselves: the whole outer transaction is.
 */
function retryTransactions(orm: Db, log?: DbLogger): void {
  const once = orm.transaction.bind(orm);
  const retrying: typeof orm.transaction = async (fn, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(fn, config);
      } catch (err) {
        const state = sqlStateOf(err);
        if (state === undefined || !RETRIED_STATES.has(state)) throw err;
        if (attempt >= TRANSACTION_ATTEMPTS) {
          log?.warn({ sqlState: state, attempts: attempt }, 'transaction given up after repeated deadlocks or serialization failures');
          throw new TransactionBusyError(state);
        }
        await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 10 * attempt) + 1));
      }
    }
  };
  orm.transaction = retrying;
}

async function openPglite(dataDir?: string, log?: DbLogger, dump?: string): Promise<Database> {
  let client: PGlite;
  let releaseLock = () => {};
  // pg_trgm: the game-name search index (migration 0003).
  const extensions = { pg_trgm };
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    const pgdata = join(dataDir, 'pgdata');
    const lock = lockDataDir(dataDir, pgdata);
    if (lock.tookOver) log?.warn({ dataDir }, 'DATA_DIR lock of a stopped server taken over');
    releaseLock = lock.release;
    try {
      client = new PGlite(pgdata, { extensions });
      await client.waitReady;
    } catch (err) {
      releaseLock();
      throw err;
    }
  } else {
    client = new PGlite({ extensions, ...(dump ? { loadDataDir: new Blob([await readFile(dump)]) } : {}) });
    await client.waitReady;
  }
  const orm = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    orm,
    rawTransaction: (fn) =>
      client.transaction(async (tx) =>
        fn({
          exec: async (text) => {
            await tx.exec(text);
          },
          query: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
        }),
      ),
    close: async () => {
      try {
        await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}

async function openPostgres(url: string, searchPath?: string, log?: DbLogger): Promise<Database> {
  if (searchPath !== undefined && !SCHEMA_NAME.test(searchPath)) {
    throw new Error(`database schema name must match ${SCHEMA_NAME} (got '${searchPath}')`);
  }
  if (searchPath) await createSchema(url, searchPath);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: searchPath ? `-c search_path=${searchPath}` : undefined,
    // Named per process (and schema), so an operator sees whose connections these are.
    application_name: applicationName(searchPath),
    // A database that does not answer makes requests fail (503) instead of waiting for ever.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle client that loses its connection must not crash the process; the operator hears of it.
  pool.on('error', (err) => log?.error({ err }, 'database pool error (idle connection lost)'));
  // Nor a checked-out one (pg-pool removes its idle listener on checkout): the query in flight
  // fails with the error (503 for its request) and the broken client is not reused.
  pool.on('connect', (client) => {
    client.on('error', (err) => log?.warn({ err }, 'database connection lost while in use'));
  });
  const orm = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    orm,
    rawTransaction: async (fn) => {
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        const result = await fn({
          exec: async (text) => {
            await conn.query(text);
          },
          query: async <T>(text: string, params?: unknown[]) =>
            (await conn.query(text, params as unknown[])).rows as T[],
        });
        await conn.query('COMMIT');
        return result;
      } catch (err) {
        await conn.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Creates the schema if needed; the advisory lock keeps two instances from racing on it. */
async function createSchema(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`wl-schema:${name}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${name}"`);
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

/** Rows of a raw drizzle `execute` (node-postgres and PGlite both answer `{ rows }`). */
export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
