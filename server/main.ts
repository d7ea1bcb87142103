import { buildApp } from './app';
import { parseEnv } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { loggerOptions } from './lib/logging';
import { TenantConfigError } from './lib/tenant-registry';

/** In-flight requests get this long to finish after SIGTERM / SIGINT; then the process exits anyway. */
const SHUTDOWN_DEADLINE_MS = 10_000;

/** Prints a start-up failure as plain lines (no stack) and exits 1. */
function fail(lines: string[]): never {
  for (const line of lines) process.stderr.write(`${line}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let env;
  try {
    env = parseEnv(process.env);
  } catch (err) {
    fail((err as Error).message.split('\n'));
  }
  let app;
  try {
    app = await buildApp({
      ...env.app,
      logger: loggerOptions({ level: env.logLevel }),
    });
    await app.listen({ port: env.port, host: env.host });
  } catch (err) {
    if (err instanceof TenantConfigError) fail(err.lines);
    if (err instanceof DataDirLockedError) fail([err.message]);
    fail([`server failed to start: ${(err as Error).message}`]);
  }
  // Close cleanly on a signal: stop accepting, finish in-flight requests, close the database
  // (PGlite flushes, the DATA_DIR lock is released). A request that hangs does not hold the
  // process past the deadline.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      const started = Date.now();
      app.log.info({ signal, deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutting down');
      setTimeout(() => {
        app.log.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown deadline passed: forcing exit');
        process.exit(1);
      }, SHUTDOWN_DEADLINE_MS);
      // A kept-alive connection goes idle once its last response is out: close it then, rather
      // than after the keep-alive timeout.
      setInterval(() => app.server.closeIdleConnections(), 100).unref();
      app.close().then(
        () => {
          app.log.info({ ms: Date.now() - started }, 'shut down');
          process.exit(0);
        },
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

void main();
