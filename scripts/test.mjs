// `npm test`: every check CI runs, stopping after the first stage that fails.
//
// 1. Static checks and the build, two at a time (each is a single-threaded process; the machines
//    have two cores): typecheck, lint (zero warnings), unused exports, files and dependencies
//    (knip), generated-files drift, tenant validation and migration state, the production build
//    (site and server render) and its bundle check.
// 2. Vitest (runtime and server on PGlite and PostgreSQL).
// 3. The Playwright journeys in Debian's Chromium against the real server on a fresh database.
//
// The output of Vitest and Playwright streams as they run; the output of the steps run side by
// side is printed whole when each ends. The summary gives each step's own time and the whole run's.
//
// `npm test -- <name>...` runs only the steps whose names start so (e.g. `npm test -- lint vitest`).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

/** @typedef {{ name: string, cmd: string, args: string[], stream?: boolean, after?: string }} Step */

/** @type {Step[][]} the stages: the steps of a stage run side by side (see `parallel`). */
const stages = [
  [
    { name: 'typecheck', cmd: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
    { name: 'lint', cmd: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
    { name: 'unused code (knip)', cmd: 'npx', args: ['knip', '--no-progress'] },
    { name: 'generated files up to date', cmd: process.execPath, args: ['--import', 'tsx', 'scripts/gen.ts', '--check'] },
    { name: 'tenant validate', cmd: process.execPath, args: ['--import', 'tsx', 'scripts/tenant.ts', 'validate'] },
    { name: 'tenant migrate (check)', cmd: process.execPath, args: ['--import', 'tsx', 'scripts/tenant.ts', 'migrate'] },
    // Before Vitest: its tenant-shots tests serve dist/ and would build it themselves if stale.
    { name: 'build (site and server render)', cmd: 'npm', args: ['run', 'build'] },
    { name: 'bundle has no Ajv compiler', cmd: process.execPath, args: ['--import', 'tsx', 'scripts/check-bundle.ts'], after: 'build (site and server render)' },
  ],
  [{ name: 'vitest', cmd: 'npx', args: ['vitest', 'run'], stream: true }],
  [{ name: 'playwright', cmd: 'npx', args: ['playwright', 'test'], stream: true }],
];

/** Steps of a stage running at once: the first stage's are single-threaded processes, on two cores. */
const parallel = [2, 1, 1];

if (!existsSync('/usr/bin/chromium')) {
  console.error('Debian Chromium is missing: run `apt-get install -y chromium` (the end-to-end tests use /usr/bin/chromium).');
  process.exit(1);
}

const only = process.argv.slice(2);
const wanted = (step) => !only.length || only.some((o) => step.name.startsWith(o));

/** Runs one step; its output streams (`stream`) or is kept and printed whole at its end. */
function run(step) {
  return new Promise((resolve) => {
    const started = Date.now();
    if (step.stream) console.log(`\n=== ${step.name} ===`);
    const child = spawn(step.cmd, step.args, { stdio: step.stream ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: process.env });
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    const done = (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (!step.stream) {
        console.log(`\n=== ${step.name} (${seconds} s) ===`);
        process.stdout.write(Buffer.concat(chunks));
      }
      resolve({ name: step.name, ok: code === 0, seconds });
    };
    child.on('error', (err) => {
      chunks.push(Buffer.from(`${err.message}\n`));
      done(1);
    });
    child.on('exit', (code) => done(code));
  });
}

/** Runs a stage's steps, at most `width` at once; a step with `after` once that step has passed (never if it failed). */
async function runStage(steps, width) {
  const results = new Map();
  const pending = [...steps];
  const running = new Set();
  const inStage = (name) => steps.some((s) => s.name === name);
  const canStart = (s) => !s.after || !inStage(s.after) || results.get(s.after)?.ok === true;
  const never = (s) => s.after && results.get(s.after)?.ok === false;
  while (pending.length || running.size) {
    for (const s of pending.filter(never)) pending.splice(pending.indexOf(s), 1);
    const next = running.size < width ? pending.find(canStart) : undefined;
    if (next) {
      pending.splice(pending.indexOf(next), 1);
      const done = run(next).then((r) => {
        results.set(next.name, r);
        running.delete(done);
      });
      running.add(done);
      continue;
    }
    if (!running.size) break;
    await Promise.race(running);
  }
  return steps.filter((s) => results.has(s.name)).map((s) => results.get(s.name));
}

const runStarted = Date.now();
const results = [];
const total = stages.flat().filter(wanted).length;
for (const [i, stage] of stages.entries()) {
  const steps = stage.filter(wanted);
  if (!steps.length) continue;
  results.push(...(await runStage(steps, parallel[i])));
  if (results.some((r) => !r.ok)) break;
}

console.log('\n=== summary (each step\'s own time; steps of a stage ran side by side) ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
const skipped = total - results.length;
console.log(`checks: ${results.length - failed} passed, ${failed} failed${skipped ? `, ${skipped} not run` : ''}; whole run ${((Date.now() - runStarted) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
