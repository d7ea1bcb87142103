// `npm test`: every check CI runs, in order, stopping at the first failure.
// typecheck, lint (zero warnings), unused exports, files and dependencies (knip), generated-files drift, tenant validation and migration
// state, Vitest (runtime and server on PGlite and PostgreSQL), then the production build and
// Playwright journeys in Debian's Chromium against the real server on a fresh database.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const steps = [
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['unused code (knip)', 'npx', ['knip', '--no-progress']],
  ['generated files up to date', process.execPath, ['--import', 'tsx', 'scripts/gen.ts', '--check']],
  ['tenant validate', process.execPath, ['--import', 'tsx', 'scripts/tenant.ts', 'validate']],
  ['tenant migrate (check)', process.execPath, ['--import', 'tsx', 'scripts/tenant.ts', 'migrate']],
  ['vitest', 'npx', ['vitest', 'run']],
  ['build (site and server render)', 'npm', ['run', 'build']],
  ['bundle has no Ajv compiler', process.execPath, ['--import', 'tsx', 'scripts/check-bundle.ts']],
  ['playwright', 'npx', ['playwright', 'test']],
];

if (!existsSync('/usr/bin/chromium')) {
  console.error('Debian Chromium is missing: run `apt-get install -y chromium` (the end-to-end tests use /usr/bin/chromium).');
  process.exit(1);
}

const only = process.argv.slice(2);
const results = [];
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok: r.status === 0, seconds });
  if (r.status !== 0) break;
}

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
const skipped = steps.length - results.length;
console.log(`checks: ${results.length - failed} passed, ${failed} failed${skipped && !only.length ? `, ${skipped} not run` : ''}`);
process.exit(failed ? 1 : 0);
