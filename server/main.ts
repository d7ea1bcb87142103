import { buildApp } from './app';
import { parseEnv } from './config';
import { loggerOptions } from './lib/logging';
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
    fail([`server failed to start: ${(err as Error).message}`]);
  }
  // Close cleanly on a signal: finish in-flight requests, close the database (PGlite flushes).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

void main();
