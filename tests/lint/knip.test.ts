import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * `npm test` runs knip: an export nobody imports fails the run. The fixture project under
 * fixtures/knip (its own package.json and knip.json) has one used and one unused export.
 */
const root = path.resolve(__dirname, '../..');

it('knip reports an unused export and exits non-zero', () => {
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/knip/bin/knip.js'), '--directory', path.join(__dirname, 'fixtures/knip'), '--no-progress', '--no-config-hints'], { encoding: 'utf8' });
  expect(r.status).toBe(1);
  expect(r.stdout).toMatch(/Unused exports \(1\)/);
  expect(r.stdout).toMatch(/unused\s+function\s+src\/rules\.ts:6:17/);
  expect(r.stdout).not.toMatch(/\bused\s+function/);
}, 60_000);
