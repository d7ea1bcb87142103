/**
 * docs/operators.md works as written: its ```sh blocks run, in order, in a temporary copy of the
 * repository (a git repository of its own, node_modules linked), each with the exit code the
 * guide promises (0, or the `<!-- exit N -->` mark before the block). Blocks marked
 * `<!-- skip-test: reason -->` (servers, browsers) are skipped with their reason, and so are
 * `npm run tenant -- <verb>` lines whose verb this tree's CLI does not have yet. The copy's data
 * folder (`.data`, where `npm run ops` finds its database) holds the run's template database, as
 * a first start of the server leaves it (tests/server/ops/ops-cli.test.ts runs the CLI on an
 * empty folder).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateDataDir } from '../server/templates';

const root = new URL('../..', import.meta.url).pathname;
const guide = readFileSync(join(root, 'docs/operators.md'), 'utf8');
const cli = readFileSync(join(root, 'scripts/tenant.ts'), 'utf8');

interface Block {
  line: number;
  code: string;
  skip?: string;
  exit: number;
}

/** The guide's sh blocks with the mark (an HTML comment) on the line before each, if any. */
function blocks(markdown: string): Block[] {
  const out: Block[] = [];
  const re = /(?:<!--\s*(skip-test(?::\s*([^>]*?))?|exit (\d+))\s*-->\s*\n)?```sh\n([\s\S]*?)```/g;
  for (const m of markdown.matchAll(re)) {
    out.push({
      line: markdown.slice(0, m.index).split('\n').length,
      code: m[4],
      skip: m[1]?.startsWith('skip-test') ? m[2] || 'marked skip-test' : undefined,
      exit: m[3] ? Number(m[3]) : 0,
    });
  }
  return out;
}

/** A tenant CLI verb this tree has (`case 'verb':` in scripts/tenant.ts). */
const knownVerb = (verb: string) => cli.includes(`case '${verb}':`);

/** The block without the lines that call a tenant verb this tree does not have yet. */
function runnable(code: string): { code: string; dropped: string[] } {
  const dropped: string[] = [];
  const lines = code.split('\n').filter((l) => {
    const m = /^\s*npm run tenant -- ([a-z-]+)/.exec(l);
    if (m && !knownVerb(m[1])) {
      dropped.push(m[1]);
      return false;
    }
    return true;
  });
  return { code: lines.join('\n'), dropped };
}

const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'dist-ssr', '.data', 'test-results', 'playwright-report', 'shots']);
let work: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'operators-guide-'));
  cpSync(root, work, {
    recursive: true,
    filter: (src) => {
      const rel = src.slice(root.length);
      const top = rel.split('/')[0];
      return !SKIP_DIRS.has(top) && !top.startsWith('.tmp-');
    },
  });
  symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: work, stdio: 'pipe' });
  git('init', '-q');
  git('add', '.');
  git('-c', 'user.name=guide', '-c', 'user.email=guide@example.com', 'commit', '-q', '-m', 'start');
  await templateDataDir(join(work, '.data'));
}, 240_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('docs/operators.md', () => {
  const all = blocks(guide);

  it('has the launch steps, each with a command', () => {
    for (const heading of ['## 1. New', '## 2. Edit', '## 3. Validate', '## 4. Diff', '## 5. Preview', '## 6. Deploy', '## 7. Maintenance', '## 11. Releasing a change', '## Brand checklist']) {
      expect(guide).toContain(heading);
    }
    expect(all.length).toBeGreaterThanOrEqual(10);
    expect(all.filter((b) => b.skip).map((b) => b.code)).toEqual(
      expect.arrayContaining([expect.stringContaining('preview'), expect.stringContaining('shots'), expect.stringContaining('npm start')]),
    );
  });

  for (const block of all) {
    const title = `line ${block.line}: ${block.code.split('\n')[0]}`;
    if (block.skip) {
      it.skip(`${title} (skipped: ${block.skip})`, () => {});
      continue;
    }
    it(title, () => {
      const { code, dropped } = runnable(block.code);
      if (dropped.length) console.info(`docs/operators.md line ${block.line}: skipped tenant ${dropped.join(', ')} (not in this tree's CLI)`);
      const result = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', code], {
        cwd: work,
        encoding: 'utf8',
        env: { ...process.env, GIT_AUTHOR_NAME: 'guide', GIT_AUTHOR_EMAIL: 'guide@example.com', GIT_COMMITTER_NAME: 'guide', GIT_COMMITTER_EMAIL: 'guide@example.com' },
        timeout: 120_000,
      });
      const output = `${result.stdout}\n${result.stderr}`;
      expect(result.status, output).toBe(block.exit);
    }, 150_000);
  }

  it('covers publishing, scheduling, rollouts, their report, rollback and watch mode with commands', () => {
    const release = guide.slice(guide.indexOf('## 11. Releasing a change'), guide.indexOf('## Brand checklist'));
    for (const command of ['tenant -- publish acme', '--at ', 'tenant -- cancel acme', '--share ', 'tenant -- rollout report acme', '--abort', 'tenant -- rollback acme', 'TENANTS_WATCH=1']) {
      expect(release).toContain(command);
    }
  });

  it('refuses an invalid publish with the error lines of tenant validate, and publishes nothing', () => {
    const file = join(work, 'tenants/acme/tenant.json');
    const good = readFileSync(file, 'utf8');
    const tenant = JSON.parse(good) as { brand: { theme: Record<string, string> } };
    tenant.brand.theme.onPrimary = tenant.brand.theme.primary;
    writeFileSync(file, JSON.stringify(tenant, null, 2));
    try {
      const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/tenant.ts', ...args], { cwd: work, encoding: 'utf8' });
      const errors = (text: string) => text.split('\n').filter((l) => l.startsWith('tenants/acme/tenant.json: '));
      const validate = run('validate', 'acme');
      const before = run('versions', 'acme');
      const publish = run('publish', 'acme', '--message', 'broken');
      expect(validate.status).toBe(1);
      expect(publish.status, publish.stderr).toBe(1);
      expect(errors(validate.stderr).length).toBeGreaterThan(0);
      expect(errors(publish.stderr)).toEqual(errors(validate.stderr));
      expect(run('versions', 'acme').stdout).toBe(before.stdout);
    } finally {
      writeFileSync(file, good);
    }
  }, 120_000);

  it('shows the contrast refusal exactly as validation prints it', () => {
    const promised = /prints `([^`]+)`/.exec(guide)?.[1];
    expect(promised).toBeDefined();
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/tenant.ts', 'validate', 'drafts/acme-pale/tenant.json'], { cwd: work, encoding: 'utf8' });
    expect(result.stderr).toContain(promised);
  }, 60_000);
});
