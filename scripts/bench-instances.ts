/**
 * Processes of the benches that load a deployment over HTTP (bench-spins.ts, bench-serve.ts):
 * platform instances (bench-server.ts), the load in a process of its own (bench-load.ts), and
 * the CPU time a process has used.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { LoadJob, LoadResult } from './bench-load';

/**
 * In a bench's child process: listens on a free loopback port, writes `{"port":N}` on a line of
 * stdout (what startProcess waits for), and closes on SIGTERM or SIGINT.
 */
export async function serveForBench(app: FastifyInstance): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port })}\n`);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

/** A process of the bench that listens on loopback (a platform instance, the bare route). */
export interface Instance {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts `script` (a file next to this one) with `job` as its JSON argument and waits for the
 * `{"port":N}` line it writes once it serves.
 */
export async function startProcess(script: string, job: unknown, nodeArgs: string[] = []): Promise<Instance> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', fileURLToPath(new URL(script, import.meta.url)), JSON.stringify(job)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8');
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before listening`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** Runs one load (bench-load.ts) in a process of its own: clients are other machines. */
export async function runLoad(job: LoadJob): Promise<LoadResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./bench-load.ts', import.meta.url))], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stdin.end(JSON.stringify(job));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the load process exited with ${code}`);
  return JSON.parse(out) as LoadResult;
}

/** Where wrk is installed (Debian's package `wrk`), or null. */
export function wrkPath(): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, 'wrk'))) return join(dir, 'wrk');
  }
  return null;
}

/**
 * One load by wrk, a load generator in C: a fraction of autocannon's CPU per request, so on a
 * 2-core machine it leaves the servers the cores autocannon would take. One wrk per URL (each
 * instance its own share of the connections), run side by side; the rates add up. Tokens are not
 * sent (visitors' pages only).
 */
export async function runWrk(wrk: string, job: LoadJob): Promise<LoadResult> {
  const perUrl = Math.max(1, Math.floor(job.connections / job.urls.length));
  const headers = Object.entries({ ...job.headers, host: job.host }).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const runs = job.urls.map(async (url) => {
    const child = spawn(wrk, ['-t1', `-c${perUrl}`, `-d${job.seconds}s`, '--latency', ...headers, url], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const [code] = (await once(child, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`wrk exited with ${code}`);
    const rps = Number(/Requests\/sec:\s*([\d.]+)/.exec(out)?.[1] ?? NaN);
    const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
    const errors = Number(/Non-2xx or 3xx responses:\s*(\d+)/.exec(out)?.[1] ?? 0) + (/Socket errors:/.test(out) ? 1 : 0);
    if (!Number.isFinite(rps)) throw new Error(`wrk printed no rate:\n${out}`);
    const p99Ms = p99 ? Number(p99[1]) * (p99[2] === 'us' ? 0.001 : p99[2] === 's' ? 1000 : 1) : 0;
    return { rps, p99: Math.round(p99Ms), errors, cpuMs: 0 };
  });
  const results = await Promise.all(runs);
  return {
    rps: results.reduce((sum, r) => sum + r.rps, 0),
    p99: Math.max(...results.map((r) => r.p99)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    cpuMs: 0,
  };
}

const CLOCK_TICKS = 100;

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat: 12 and 13 after the command's ") ".
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
