/**
 * `npm run bench`: prints size and speed figures of this build on this machine. Figures, not
 * assertions: machines are shared and noisy, so budgets are read by people, not enforced by tests.
 *  - JavaScript a first visit to /m/home loads (gzip), and whether Ajv's compiler is in the bundle.
 *  - Pages in Chromium: JavaScript fetched until network idle and Lighthouse mobile figures (bench-pages.ts).
 *  - Requests per second of platform API reads and of the server-rendered home page (from the
 *    5 s page cache, and rendered for every request) next to a bare Fastify route, in the same run.
 *  - Logins per second (encrypted body, Argon2id with the production parameters) and the time
 *    of one password hash.
 *  - The member's records at scale: a million bets seeded for one member, then the betting
 *    record, profit and loss and account record next to a bare route (bench-records.ts).
 *  - Renderer overhead: the member centre rendered from its tenant node tree and from the
 *    equivalent hand-written component tree, and the ratio (bench-renderer.ts; target 1.1x).
 *  - An agent's team at scale: 10,000 downline members and a million team bets, then the team
 *    overview, team betting (first page, one member) and members next to a bare route (bench-team.ts).
 *  - Serving on PostgreSQL (bench-serve.ts): the kept home of each demo tenant against a bare route
 *    sending the same bytes, the startup settings, game list and a member's wallet read against a
 *    bare JSON route, and the home on two instances against one; each a share of its bare route.
 *  - Slot spins per second on PostgreSQL for 1 member and for 5 members of one merchant, in one run
 *    (bench-spins.ts): independent members must not queue behind one house row.
 *  - Vendor wallet callbacks on PostgreSQL: bet and win callbacks a second through signed HTTP next to
 *    a bare Fastify route, and the p99 of a bet callback (bench-wallet.ts).
 * One part alone: BENCH_ONLY=<part> or `npm run bench -- <part>` (bundle, pages, api, serve, hashing, records, renderer, team, spins, wallet).
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import { buildApp } from '../server/app';
import { buildRefPay } from '../reference/refpay/app';
import { hashPassword, verifyPassword } from '../server/lib/passwords';
import { checkLedger } from '../server/money';
import { BENCH_PAYMENT_PASSWORD, benchMembers, readyToWithdraw, type BenchMember } from './bench-money';
import { ajvCompilerChunks, allJs, firstLoadJs } from './bundle-facts';
import { pages } from './bench-pages';
import { records } from './bench-records';
import { renderer } from './bench-renderer';
import { spins } from './bench-spins';
import { serve } from './bench-serve';
import { team } from './bench-team';
import { wallet } from './bench-wallet';
import { buildSiteIfStale } from './site-build.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
/** Deposit requests of the money run (withdrawal requests: WITHDRAWAL_REQUESTS, one per member made ready). */
const MONEY_REQUESTS = Number(process.env.BENCH_DEPOSITS ?? 2000);
const WITHDRAWAL_REQUESTS = Number(process.env.BENCH_WITHDRAWALS ?? 300);
const kb = (n: number): string => (n / 1024).toFixed(1);

async function sizes(): Promise<void> {
  // Figures of the current sources, never of a stale build.
  buildSiteIfStale(process.cwd());
  const first = await firstLoadJs();
  const all = await allJs();
  const firstGz = first.reduce((s, a) => s + a.gzip, 0);
  console.log('\n# Bundle');
  for (const a of first) console.log(`  first load  ${a.file.padEnd(40)} ${kb(a.bytes).padStart(7)} KB  ${kb(a.gzip).padStart(6)} KB gzip`);
  console.log(`  first visit to /m/home: ${kb(firstGz)} KB gzip of JavaScript (budget 150 KB)`);
  console.log(`  all chunks: ${all.length} files, ${kb(all.reduce((s, a) => s + a.gzip, 0))} KB gzip`);
  const ajv = await ajvCompilerChunks();
  console.log(`  Ajv compiler in the browser bundle: ${ajv.length ? `YES (${ajv.map((c) => c.file).join(', ')})` : 'no'}`);
}

interface RateOptions {
  /** Bodies sent one after another, each once (encrypted bodies are single-use); POST. */
  posts?: string[];
  /** One body for every request; POST. */
  body?: string;
  /** Changes each request (n counts them) before it is sent. */
  vary?: (n: number, request: { path: string; headers?: Record<string, string> }) => void;
  /** Exactly this many requests instead of a run of DURATION_S seconds. */
  amount?: number;
}

async function rate(url: string, headers: Record<string, string> = {}, o: RateOptions = {}): Promise<{ rps: number; p99: number; errors: number }> {
  let next = 0;
  const setupRequest = (req: { path: string; headers?: Record<string, string>; body?: string }) => {
    const request = { ...req, headers: { ...req.headers } };
    const n = next++;
    if (o.posts) request.body = o.posts[n % o.posts.length];
    o.vary?.(n, request);
    return request;
  };
  const result = await autocannon({
    url,
    connections: o.amount ? Math.min(CONNECTIONS, o.amount) : CONNECTIONS,
    // A counted run waits for every answer (autocannon's 10 s default would count slow ones as errors).
    ...(o.amount ? { amount: o.amount, timeout: 60 } : { duration: DURATION_S }),
    headers,
    method: o.posts || o.body !== undefined ? 'POST' : 'GET',
    ...(o.body !== undefined ? { body: o.body } : {}),
    requests: [{ setupRequest }],
  } as autocannon.Options);
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function api(): Promise<void> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ success: true, value: { ok: true } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;

  // Logins of one member come from one address here, 50 at once: the per-IP limit would answer
  // most of them 429 and the throttle (attempts are counted before the check) would ask for
  // captchas. Both stay in the path (their counters are written), with limits out of reach.
  const unlimited = { max: 1e9, windowMs: 60_000 };
  // Gateway deposits open their payment at the provider: RefPay of its own, over loopback HTTP, as in demo mode.
  const refpaySecret = randomBytes(24).toString('base64url');
  const refpay = await buildRefPay({ merchants: { bench: refpaySecret } });
  await refpay.listen({ port: 0, host: '127.0.0.1' });
  const refpayUrl = `http://127.0.0.1:${(refpay.server.address() as { port: number }).port}`;
  const app = await buildApp({
    db: 'pglite',
    logger: false,
    passwordHashing: 'owasp',
    limits: { loginPerIp: unlimited, loginFailures: unlimited },
    payments: { refpay: { url: refpayUrl, merchantId: 'bench', secret: refpaySecret } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const host = { host: 'demo-ph.localhost' };

  console.log(`\n# API (${CONNECTIONS} connections, ${DURATION_S} s each, loopback)`);
  const b = await rate(bareUrl);
  console.log(`  bare Fastify route                 ${b.rps.toFixed(0).padStart(7)} req/s  p99 ${b.p99} ms`);
  const targets: [string, string][] = [
    ['GET /wps/system/startup', '/wps/system/startup'],
    ['GET /wps/system/validationRules', '/wps/system/validationRules'],
    ['GET /wps/announcements (home)', '/wps/announcements?types=B,PL,PU,H&groupName=m_home&platform=M'],
    ['GET /wps/game/list (RNG, page 2)', '/wps/game/list?gameType=RNG&page=2&pageSize=26&language=EN&platform=html5'],
  ];
  const line = (name: string, r: { rps: number; p99: number; errors: number }, unit = 'req/s') =>
    console.log(`  ${name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} ${unit}  p99 ${r.p99} ms  ratio to bare ${(b.rps / Math.max(r.rps, 1)).toFixed(1)}x${r.errors ? `  (${r.errors} errors or non-2xx)` : ''}`);
  for (const [name, path] of targets) line(name, await rate(base + path, host));
  // The page as a first visit gets it: rendered on the server with the answers it shows. Pages
  // are kept for 5 s per tenant, URL, language and user agent (server/lib/ssr.ts PageCache), so
  // this run is mostly served from that cache; the next lines make a new key per request.
  line('GET /m/home (server-rendered page)', await rate(`${base}/m/home`, host));
  console.log('    (pages are kept 5 s: the line above is served from the page cache, one render per 5 s)');
  // A user agent of its own: no page kept, one render each (with the answers and keys that
  // page asked for last time at hand), as when a kept page has expired.
  const ua = (n: number, req: { headers?: Record<string, string> }) => void (req.headers!['user-agent'] = `bench-${n}`);
  line('GET /m/home, rendered every time', await rate(`${base}/m/home`, host, { vary: ua }));
  // A URL of its own: nothing known of the page, so up to three renders each (render, fetch the
  // answers it asked for, render again), as a page's first request.
  const query = (n: number, req: { path: string }) => void (req.path = `/m/home?bench=${n}`);
  line('GET /m/home?<new>, a new page each', await rate(`${base}/m/home`, host, { vary: query }));
  const logins = await loginBodies(base, host, 400 * DURATION_S);
  line('POST /wps/session/login (Argon2id)', await rate(`${base}/wps/session/login`, { ...host, 'content-type': 'application/json', 'x-encrypted': '1' }, { posts: logins }), 'logins/s');
  await money(app, base, host, line);
  await app.close();
  await refpay.close();
  await bare.close();
}

/**
 * Deposit and withdrawal requests, each one the server accepts (a fresh Idempotency-Key each; a
 * member has at most 5 pending deposits and one pending withdrawal, so the run has enough members),
 * then the ledger check over everything the run moved.
 */
async function money(app: FastifyInstance, base: string, host: Record<string, string>, line: (name: string, r: { rps: number; p99: number; errors: number }, unit?: string) => void): Promise<void> {
  const json = { ...host, 'content-type': 'application/json' };
  const perMember = (members: BenchMember[]) => (n: number, req: { headers?: Record<string, string> }) => {
    req.headers!.authorization = `Bearer ${members[n % members.length].token}`;
    req.headers!['idempotency-key'] = `bench-${n}-${randomBytes(6).toString('hex')}`;
  };
  const depositors = await benchMembers(app, MONEY_REQUESTS / 5, 0);
  line(
    'POST /wps/wallet/deposits (gateway)',
    await rate(`${base}/wps/wallet/deposits`, json, { body: JSON.stringify({ channelId: 'gcash', amount: 100 }), vary: perMember(depositors), amount: MONEY_REQUESTS }),
  );
  const started = performance.now();
  const holders: BenchMember[] = [];
  for (const member of await benchMembers(app, WITHDRAWAL_REQUESTS, 50_000)) holders.push(await readyToWithdraw(app, member));
  console.log(`    (${WITHDRAWAL_REQUESTS} members made ready to withdraw through the API in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  const account = (n: number) => holders[n % holders.length].payoutAccountId;
  const withdrawals = holders.map((_, n) => JSON.stringify({ payoutAccountId: account(n), amount: 100, paymentPassword: BENCH_PAYMENT_PASSWORD }));
  line(
    'POST /wps/wallet/withdrawals (held)',
    await rate(`${base}/wps/wallet/withdrawals`, json, { posts: withdrawals, vary: perMember(holders), amount: WITHDRAWAL_REQUESTS }),
  );
  console.log('    (a withdrawal checks the payment password (Argon2id), like a login)');
  const problems = await checkLedger(app.db.orm);
  console.log(`  ledger check after the money run: ${problems.length === 0 ? 'clean' : `${problems.length} problems`}`);
}

/**
 * Encrypted bodies of a demo member's login, each with its own single-use id (a replayed body is
 * refused), more than the run can send.
 */
async function loginBodies(base: string, host: Record<string, string>, count: number): Promise<string[]> {
  const startup = (await (await fetch(`${base}/wps/system/startup`, { headers: host })).json()) as { value: { encryption: { jwk: JWK } } };
  const jwk = startup.value.encryption.jwk;
  const key = await importJWK(jwk, 'RSA-OAEP-256');
  const plaintext = new TextEncoder().encode(JSON.stringify({ type: 'username', username: 'demoplayer', password: 'Demo1234' }));
  const bodies: string[] = [];
  for (let i = 0; i < count; i++) {
    const payload = await new CompactEncrypt(plaintext)
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: jwk.kid, iat: Math.floor(Date.now() / 1000), jti: randomBytes(16).toString('base64url') })
      .encrypt(key);
    bodies.push(JSON.stringify({ payload }));
  }
  return bodies;
}

/** Milliseconds per Argon2id hash and check with the production parameters, one at a time. */
async function hashing(): Promise<void> {
  const rounds = 20;
  const hash = await hashPassword('Bench1234', 'owasp');
  let started = performance.now();
  for (let i = 0; i < rounds; i++) await hashPassword('Bench1234', 'owasp');
  const perHash = (performance.now() - started) / rounds;
  started = performance.now();
  for (let i = 0; i < rounds; i++) await verifyPassword('Bench1234', hash, 'owasp');
  const perCheck = (performance.now() - started) / rounds;
  console.log('\n# Password hashing (Argon2id, m=19456 KiB, t=2, p=1)');
  console.log(`  ${perHash.toFixed(1)} ms per hash, ${perCheck.toFixed(1)} ms per check (one at a time; libuv runs ${process.env.UV_THREADPOOL_SIZE ?? 4} at once)`);
}

// BENCH_ONLY=pages (or bundle, api, serve, hashing, records, renderer, team, spins, wallet), or the part as the argument, runs one part.
const only = process.env.BENCH_ONLY ?? process.argv[2];
if (!only || only === 'bundle') await sizes();
if (!only || only === 'pages') await pages();
if (!only || only === 'api') await api();
if (!only || only === 'hashing') await hashing();
if (!only || only === 'records') await records();
if (!only || only === 'renderer') await renderer();
if (!only || only === 'team') await team();
if (!only || only === 'serve') await serve();
if (!only || only === 'spins') await spins();
if (!only || only === 'wallet') await wallet();
