/**
 * One instance of the platform for the spins bench (bench-spins.ts), in a process of its own as a
 * deployment runs it: the JSON job in argv[2] names the PostgreSQL URL, the schema and the key
 * encryption key the instances share. Listens on a free loopback port, writes `{"port":N}` on a
 * line of stdout once it serves, and closes on SIGTERM.
 */
import { buildApp } from '../server/app';
import { serveForBench } from './bench-instances';

export interface BenchServerJob {
  pgUrl: string;
  schema: string;
  keyEncryptionKey: string;
}

const job = JSON.parse(process.argv[2] ?? '{}') as BenchServerJob;
const app = await buildApp({ db: { pgUrl: job.pgUrl, schema: job.schema }, logger: false, housekeeping: false, keyEncryptionKey: job.keyEncryptionKey });
await serveForBench(app);
