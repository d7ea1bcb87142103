/**
 * `tenant shots` and `tenant review` end to end, in a temporary clone of the repository (its own
 * git history, this checkout's node_modules and built site): the pictures are deterministic, and a
 * review names in words and in pictures exactly what a tenant change does. These launch Debian's
 * Chromium and start the site in preview mode; each renders only a few screens.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, realpathSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiteIfStale } from '../../scripts/site-build.mjs';

const ROOT = resolve(__dirname, '../..');
let dir: string;
let repo: string;
/** The clone's first commit: a retried test starts from it again. */
let initial: string;

function git(...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=QA', '-c', 'user.email=qa@example.com', ...args], { cwd: repo, encoding: 'utf8' });
}

/** Runs the tenant CLI of the clone; the built site is this checkout's (tenants are data: no rebuild). */
function tenant(...args: string[]): { status: number; stdout: string; stderr: string } {
  // Shots and reviews start the site and Chromium and render screen after screen (a review the base,
  // the change and each place of the change alone): minutes on a busy machine.
  const timeout = args[0] === 'review' ? 420_000 : args[0] === 'shots' ? 300_000 : 170_000;
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/tenant.ts', ...args], {
    cwd: repo,
    encoding: 'utf8',
    env: { ...process.env, SITE_DIR: join(ROOT, 'dist'), NODE_ENV: 'development' },
    timeout,
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** The screens a compare reported as changed, as `<tenant>/<screen>-<role>` (from the report). */
function changedShots(out: string): string[] {
  const html = readFileSync(join(out, 'report.html'), 'utf8');
  return [...html.matchAll(/src="_before\/([^"]+)\.png"/g)].map((m) => m[1]).sort();
}

/** The parts of a tenant file the tests edit. */
interface TenantDoc {
  brand: { theme: { primary: string } };
  screens?: unknown;
}

function editTenant(id: string, edit: (t: TenantDoc) => void): void {
  const file = join(repo, 'tenants', id, 'tenant.json');
  const t = JSON.parse(readFileSync(file, 'utf8')) as TenantDoc;
  edit(t);
  writeFileSync(file, JSON.stringify(t, null, 2) + '\n');
}

beforeAll(() => {
  buildSiteIfStale(ROOT);
  dir = mkdtempSync(join(tmpdir(), 'tenant-shots-test-'));
  repo = join(dir, 'repo');
  execFileSync('git', ['clone', '--quiet', '--local', ROOT, repo]);
  symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(repo, 'node_modules'));
  initial = git('rev-parse', 'HEAD').trim();
}, 300_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('tenant shots', () => {
  it('twice on an unchanged tree: no visual change', () => {
    const out = join(dir, 'twice');
    const first = tenant('shots', 'demo-en', '--screens', 'mine,menu', '--roles', 'visitor,player', '--out', out);
    expect(first.status, first.stderr).toBe(0);
    expect(existsSync(join(out, 'demo-en', 'mine-player.png'))).toBe(true);
    expect(existsSync(join(out, 'demo-en', 'menu-visitor.png'))).toBe(true);
    const again = tenant('shots', 'demo-en', '--screens', 'mine,menu', '--roles', 'visitor,player', '--out', join(dir, 'again'), '--compare', out);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain('no visual change');
    expect(changedShots(join(dir, 'again'))).toEqual([]);
  }, 620_000);

  it('rejects an unknown screen, role or comparison as bad usage', () => {
    expect(tenant('shots', '--screens', 'nowhere').status).toBe(2);
    expect(tenant('shots', '--roles', 'boss').status).toBe(2);
    expect(tenant('shots', 'demo-en', '--compare', join(dir, 'no-such-folder')).status).toBe(2);
  }, 60_000);
});

describe('tenant review', () => {
  it('names a new tenant’s changes in words and exactly the screens they change', () => {
    git('reset', '--hard', '--quiet', initial);
    git('clean', '-fdq', 'tenants');
    expect(tenant('new', 'demo-qa', '--from', 'demo-ph').status).toBe(0);
    git('add', 'tenants/demo-qa');
    git('commit', '--quiet', '-m', 'a new merchant');

    // In one change: hide one member-centre item and change the primary colour.
    editTenant('demo-qa', (t) => {
      t.screens = { mine: { slots: { tiles: { items: { grid: { children: { items: { securityCenter: null }, order: ['deposit', 'gameRecord', 'transactionRecord', 'vip', 'download'] } } } } } } };
      t.brand.theme.primary = '#0b4f9c';
    });
    const out = join(dir, 'review1');
    const review = tenant('review', '--base', 'HEAD', '--screens', 'mine,games', '--roles', 'player,agent', '--out', out);
    expect(review.status, review.stderr).toBe(0);
    expect(review.stdout).toContain('### demo-qa');
    // Both changes in words.
    expect(review.stdout).toMatch(/securityCenter/);
    expect(review.stdout).toMatch(/brand\.theme\.primary.*#0b4f9c/);
    // The screens that changed: the member centre as player and as agent (its icons carry the
    // primary colour), not the game list (its bar is in the header colour, its tabs in the accent).
    expect(changedShots(out)).toEqual(['demo-qa/mine-agent', 'demo-qa/mine-player']);
    // And which change shows where, each rendered alone on top of the base: the hidden item changes
    // exactly the member centre as player and as agent, not the game list.
    const where = review.stdout.slice(review.stdout.indexOf('## Which change shows where'));
    const line = (place: string) => where.split('\n').find((l) => l.startsWith(`- ${place} `)) ?? '';
    expect(line('screens.mine')).toMatch(/securityCenter/);
    expect(line('screens.mine').replace(/^.*\): /, '')).toBe('member centre as player, member centre as agent');
    expect(line('brand.theme').replace(/^.*\): /, '')).toBe('member centre as player, member centre as agent');
    const summary = readFileSync(join(out, 'review.md'), 'utf8');
    expect(summary).toContain('## Which change shows where');
    expect(summary).toContain('demo-qa: member centre as player');
  }, 480_000);

  it('exits 1 when a tenant does not validate', () => {
    editTenant('demo-qa', (t) => {
      t.brand.theme.primary = 'red-ish';
    });
    const bad = tenant('review', '--base', 'HEAD', '--screens', 'games', '--roles', 'player', '--out', join(dir, 'review3'));
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('tenants/demo-qa/tenant.json: /brand/theme/primary');
    expect(bad.stdout).toContain('shots skipped');
  }, 120_000);
});
