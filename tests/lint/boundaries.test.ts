import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of STYLE.md are lint rules. Each fixture is linted with the project's own
 * config as if it lived at the path in its `lint-as:` line (fixtures themselves are not linted by
 * `npm run lint`, which must stay at zero warnings).
 */
const root = path.resolve(__dirname, '../..');
const dir = path.join(__dirname, 'fixtures');
const eslint = new ESLint({ cwd: root });

async function lintFixture(name: string) {
  const text = readFileSync(path.join(dir, name), 'utf8');
  const as = /lint-as: (\S+)/.exec(text)?.[1];
  if (!as) throw new Error(`${name} has no lint-as line`);
  const [result] = await eslint.lintText(text, { filePath: path.join(root, as) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('import boundaries', () => {
  const expected: Record<string, RegExp> = {
    'lib-imports-area.ts.txt': /no-restricted-paths: .*src\/lib is the bottom layer/,
    'area-imports-area-internals.ts.txt': /no-restricted-paths: .*only through its index\.ts/,
    'widget-imports-app.ts.txt': /no-restricted-paths: .*Widgets import/,
    'server-imports-ui.ts.txt': /no-restricted-paths: .*The server imports only/,
    'cycle.ts.txt': /import-x\/no-cycle/,
  };

  it('has a fixture for every rule and no stray fixture', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts.txt'));
    expect(files.sort()).toEqual([...Object.keys(expected), 'area-through-index.ts.txt'].sort());
  });

  for (const [fixture, message] of Object.entries(expected)) {
    it(`reports ${fixture}`, { timeout: 60_000 }, async () => {
      const messages = await lintFixture(fixture);
      expect(messages.some((m) => message.test(m)), messages.join('\n')).toBe(true);
    });
  }

  it('allows an area through its index and src/lib', { timeout: 60_000 }, async () => {
    const messages = await lintFixture('area-through-index.ts.txt');
    expect(messages.filter((m) => /no-restricted-paths|no-cycle/.test(m))).toEqual([]);
  });
});
