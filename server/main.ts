import { buildApp } from './app';
import { parseEnv } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { loggerOptions } from './lib/logging';
import { drainAndClose, SHUTDOWN_DEADLINE_MS } from './lib/shutdown';
import { TenantConfigError } from './lib/tenant-registry';

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
  // Close cleanly on a signal (server/lib/shutdown.ts): readiness 503 at once, SHUTDOWN_DRAIN_MS
  // of normal service, then stop accepting, finish in-flight requests, close the database (PGlite
  // flushes, the DATA_DIR lock is released). A request that hangs does not hold the process past
  // the deadline. A second signal changes nothing.
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      const started = Date.now();
      const drainMs = env.shutdownDrainMs;
      app.log.info({ signal, drainMs, deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutting down: draining');
      setTimeout(() => {
        app.log.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown deadline passed: forcing exit');
        process.exit(1);
      }, drainMs + SHUTDOWN_DEADLINE_MS).unref();
      drainAndClose(app, drainMs).then(
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
