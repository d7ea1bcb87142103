/**
 * Serving as a busy campaign meets it, on PostgreSQL: the platform's instances (bench-server.ts)
 * and a bare Fastify process (bench-bare.ts) on loopback, loaded by autocannon from a process of
 * its own (bench-load.ts, 50 connections), each figure the median of BENCH_SERVE_ROUNDS
 * interleaved rounds (3): every target once per round, so a slow minute of a shared machine
 * weighs on all of them alike. Printed, each as a share of its bare route:
 *  - the kept server-rendered home of each demo tenant, as a phone's browser asks for it (br,
 *    an iPhone's user agent), against a bare route sending the same bytes from memory;
 *  - the startup settings, the game list and a member's wallet read, against the bare JSON route;
 *  - the home on two instances of the same database against one.
 * The server's CPU time per request is printed next to each figure: where a target is missed,
 * that says how much of the machine one request costs (profile: `BENCH_SERVE_PROFILE=1` runs the
 * instances under --cpu-prof and names the files; `BENCH_SERVE_ONLY=<pattern>` measures only the
 * targets whose name matches, with the routes they are measured against).
 *
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test,
 * in a fresh schema dropped afterwards. Unreachable: the section says so and is skipped.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { REPO_ROOT } from '../server/config';
import type { BareJob } from './bench-bare';
import { cpuMs, runLoad, runWrk, startProcess, wrkPath, type Instance } from './bench-instances';
import type { LoadJob } from './bench-load';
import { benchMembers } from './bench-money';
import type { BenchServerJob } from './bench-server';
import { DURATION_S, pgSql } from './bench-setup';
import { buildSiteIfStale } from './site-build.mjs';

const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROUNDS = Math.max(1, Number(process.env.BENCH_SERVE_ROUNDS ?? 3));
const CONNECTIONS = 50;
/** What a phone's browser sends with every request. */
const BROWSER = {
  'accept-encoding': 'gzip, deflate, br',
  'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
};
const TENANTS = ['demo-ph', 'demo-en'] as const;
const GAME_LIST = '/wps/game/list?gameType=RNG&page=2&pageSize=26&language=EN&platform=html5';

interface Target {
  name: string;
  /** Which instances answer it (the bare process is the last). */
  on: 'bare' | 'one' | 'two';
  path: string;
  host: string;
  tokens?: string[];
  /** The target it is measured against, and the share of it to reach. */
  against?: string;
  goal?: number;
}

/** A page's bytes exactly as the server sent them (no decoding), with its Content-Encoding. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ body: Buffer; encoding: string; status: number }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: String(res.headers['content-encoding'] ?? 'identity'), status: res.statusCode ?? 0 }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function serve(): Promise<void> {
  console.log(`\n# Serving on PostgreSQL (${CONNECTIONS} connections, ${DURATION_S} s each, median of ${ROUNDS} interleaved rounds, load in its own process)`);
  if (!(await pgSql(PG_URL, 'SELECT 1'))) {
    console.log(`  skipped: PostgreSQL unreachable at ${PG_URL.replace(/\/\/[^@]*@/, '//')}`);
    return;
  }
  buildSiteIfStale(REPO_ROOT, (line) => console.log(`  ${line}`));
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const job: BenchServerJob = { pgUrl: PG_URL, schema, keyEncryptionKey: randomBytes(32).toString('base64') };
  const setup = await buildApp({ db: { pgUrl: PG_URL, schema }, logger: false, housekeeping: false, keyEncryptionKey: job.keyEncryptionKey });
  const dir = mkdtempSync(join(tmpdir(), 'bench-serve-'));
  const processes: Instance[] = [];
  try {
    const [member] = await benchMembers(setup, 1, 0);
    const profileDir = process.env.BENCH_SERVE_PROFILE ? join(REPO_ROOT, 'bench-profiles') : null;
    const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    const instances = [await startProcess('./bench-server.ts', job, nodeArgs), await startProcess('./bench-server.ts', job, nodeArgs)];
    processes.push(...instances);
    // The home of each tenant as the phone gets it, for the bare route to send the same bytes.
    const pages: BareJob['pages'] = [];
    for (const tenant of TENANTS) {
      const got = await rawGet(`${instances[0].base}/m/home`, { host: `${tenant}.localhost`, ...BROWSER });
      if (got.status !== 200) throw new Error(`GET /m/home of ${tenant} answered ${got.status}`);
      const file = join(dir, `${tenant}.html`);
      writeFileSync(file, got.body);
      pages.push({ name: tenant, file, encoding: got.encoding });
      const plain = await rawGet(`${instances[0].base}/m/home`, { host: `${tenant}.localhost`, 'user-agent': BROWSER['user-agent'] });
      console.log(`  ${tenant} home: ${(plain.body.length / 1024).toFixed(1)} KB, ${(got.body.length / 1024).toFixed(1)} KB as sent (${got.encoding})`);
    }
    const bare = await startProcess('./bench-bare.ts', { pages } satisfies BareJob);
    processes.push(bare);

    const targets: Target[] = [
      { name: 'bare route (JSON)', on: 'bare', path: '/bare', host: 'bare' },
      ...TENANTS.flatMap((tenant): Target[] => [
        { name: `bare route, ${tenant} home's bytes`, on: 'bare', path: `/page/${tenant}`, host: 'bare' },
        { name: `GET /m/home ${tenant} (kept page)`, on: 'one', path: '/m/home', host: `${tenant}.localhost`, against: `bare route, ${tenant} home's bytes`, goal: 0.5 },
      ]),
      { name: 'GET /wps/system/startup', on: 'one', path: '/wps/system/startup', host: 'demo-ph.localhost', against: 'bare route (JSON)', goal: 0.4 },
      { name: 'GET /wps/game/list (RNG)', on: 'one', path: GAME_LIST, host: 'demo-ph.localhost', against: 'bare route (JSON)', goal: 0.35 },
      { name: 'GET /wps/member/wallet', on: 'one', path: '/wps/member/wallet', host: 'demo-ph.localhost', tokens: [member.token], against: 'bare route (JSON)', goal: 0.2 },
      { name: 'GET /m/home demo-ph, 2 instances', on: 'two', path: '/m/home', host: 'demo-ph.localhost', against: 'GET /m/home demo-ph (kept page)' },
    ];
    // BENCH_SERVE_ONLY=<pattern>: only the targets whose name matches, with the routes they are measured against.
    const only = process.env.BENCH_SERVE_ONLY ? new RegExp(process.env.BENCH_SERVE_ONLY, 'i') : null;
    if (only) {
      const wanted = new Set(targets.filter((t) => only.test(t.name)).map((t) => t.name));
      // With what they are measured against, and what that is measured against in turn.
      for (const t of [...targets].reverse()) if (wanted.has(t.name) && t.against) wanted.add(t.against);
      for (const t of [...targets].reverse()) if (wanted.has(t.name) && t.against) wanted.add(t.against);
      targets.splice(0, targets.length, ...targets.filter((t) => wanted.has(t.name)));
    }
    const figures = new Map<string, { rps: number[]; p99: number[]; cpu: number[]; errors: number }>(targets.map((t) => [t.name, { rps: [], p99: [], cpu: [], errors: 0 }]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of targets) {
        const at = target.on === 'bare' ? [bare] : target.on === 'one' ? instances.slice(0, 1) : instances;
        // One request first, as a busy site's steady state has it: a kept page made, a key read.
        for (const p of at) await rawGet(p.base + target.path, { host: target.host, ...BROWSER, ...(target.tokens ? { authorization: `Bearer ${target.tokens[0]}` } : {}) });
        const before = at.map((p) => cpuMs(p.pid));
        const load: LoadJob = { urls: at.map((p) => p.base + target.path), host: target.host, tokens: target.tokens ?? [], connections: CONNECTIONS, seconds: DURATION_S, headers: BROWSER };
        const result = await runLoad(load);
        const used = at.reduce((sum, p, n) => sum + cpuMs(p.pid) - before[n], 0);
        const f = figures.get(target.name)!;
        f.rps.push(result.rps);
        f.p99.push(result.p99);
        f.cpu.push(used / Math.max(result.rps * DURATION_S, 1));
        f.errors += result.errors;
      }
    }
    const rpsOf = (name: string) => median(figures.get(name)!.rps);
    for (const target of targets) {
      const f = figures.get(target.name)!;
      const rps = median(f.rps);
      let share = '';
      if (target.against) {
        const ratio = rps / Math.max(rpsOf(target.against), 1);
        share = target.goal === undefined ? `  ${ratio.toFixed(2)}x of one instance` : `  ${(ratio * 100).toFixed(0)}% of its bare route (target ${target.goal * 100}%: ${ratio >= target.goal ? 'met' : 'not met'})`;
      }
      console.log(
        `  ${target.name.padEnd(36)} ${rps.toFixed(0).padStart(7)} req/s  p99 ${median(f.p99)} ms  server CPU ${median(f.cpu).toFixed(2)} ms/req${share}${f.errors ? `  (${f.errors} errors or non-2xx)` : ''}`,
      );
    }
    // The second instance, as a lighter load generator shows it: autocannon's own CPU per page
    // (about what the bare route's rate says) is the ceiling of both runs above on 2 cores.
    const wrk = wrkPath();
    if (!wrk) console.log('  home on 2 instances with wrk: skipped (wrk is not installed: apt-get install wrk)');
    else {
      const rates: Record<'one' | 'two', number[]> = { one: [], two: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const on of ['one', 'two'] as const) {
          const at = on === 'one' ? instances.slice(0, 1) : instances;
          for (const p of at) await rawGet(`${p.base}/m/home`, { host: 'demo-ph.localhost', ...BROWSER });
          const result = await runWrk(wrk, { urls: at.map((p) => `${p.base}/m/home`), host: 'demo-ph.localhost', tokens: [], connections: CONNECTIONS, seconds: DURATION_S, headers: BROWSER });
          if (result.errors) console.log(`  wrk: ${result.errors} errors or non-2xx on ${on} instance(s)`);
          rates[on].push(result.rps);
        }
      }
      const one = median(rates.one);
      const two = median(rates.two);
      console.log(`  GET /m/home demo-ph with wrk (C load generator): 1 instance ${one.toFixed(0)} req/s, 2 instances ${two.toFixed(0)} req/s: ${(two / one).toFixed(2)}x of one`);
    }
    if (profileDir) console.log(`  CPU profiles of the instances (open in Chrome DevTools): ${profileDir}/`);
  } finally {
    for (const p of processes) await p.stop();
    await setup.close();
    await pgSql(PG_URL, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    rmSync(dir, { recursive: true, force: true });
  }
}
