import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of STYLE.md are lint rules. Each fixture is linted with the project's own
 * config at the path in its `lint-as:` line: written there for the check and removed after (the
 * fixtures themselves are not linted by `npm run lint`, which must stay at zero warnings). A
 * fixture may bring a companion module (the other half of a cycle), written and removed with it.
 */
const root = path.resolve(__dirname, '../..');
const dir = path.join(__dirname, 'fixtures');
const eslint = new ESLint({ cwd: root });

async function lintFixture(name: string) {
  const text = readFileSync(path.join(dir, name), 'utf8');
  const as = /lint-as: (\S+)/.exec(text)?.[1];
  if (!as) throw new Error(`${name} has no lint-as line`);
  const filePath = path.join(root, as);
  // A fixture may need a second module beside it (the other half of a cycle).
  const companion = /companion: (\S+) :: (.*)/.exec(text);
  const written = [[filePath, text], ...(companion ? [[path.join(root, companion[1]), `${companion[2]}\n`]] : [])].filter(([file]) => !existsSync(file));
  for (const [file, content] of written) writeFileSync(file, content);
  try {
    const [result] = await eslint.lintText(text, { filePath });
    return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
  } finally {
    for (const [file] of written) rmSync(file);
  }
}

describe('import boundaries and the money module', () => {
  const expected: Record<string, RegExp> = {
    'lib-imports-area.ts.txt': /no-restricted-paths: .*src\/lib is the bottom layer/,
    'area-imports-area-internals.ts.txt': /no-restricted-paths: .*only through its index\.ts/,
    'widget-imports-app.ts.txt': /no-restricted-paths: .*Widgets import/,
    'server-imports-ui.ts.txt': /no-restricted-paths: .*The server imports only/,
    'cycle.ts.txt': /import\/no-cycle/,
    'domain-imports-server.ts.txt': /no-restricted-paths: .*src\/domain holds pure rules/,
    'amount-times-hundred.ts.txt': /no-restricted-syntax: No \* 100 or \/ 100 here/,
    'money-code-rounds.ts.txt': /no-restricted-syntax: No Math\.round\/floor\/ceil on an amount/,
    'money-service-rounds.ts.txt': /no-restricted-syntax: No Math\.round\/floor\/ceil in money code/,
    'widget-imports-widget-through-root.ts.txt': /no-restricted-imports: .*never imports another widget/,
    'area-uses-fetch.ts.txt': /no-restricted-globals: .*client in src\/lib/,
    'component-uses-local-storage.ts.txt': /no-restricted-globals: .*storage helper/,
    'area-uses-window-session-storage.ts.txt': /no-restricted-properties: .*window\.sessionStorage/,
    'area-index-exports-all.ts.txt': /no-restricted-syntax: .*no `export \*`/,
    'server-imports-module-internals.ts.txt': /no-restricted-paths: .*A module is imported only through its index\.ts/,
    'module-imports-module-internals.ts.txt': /no-restricted-paths: .*Inside a module, another module is imported only through its index\.ts/,
    'app-imports-module-services.ts.txt': /no-restricted-paths: .*server\/app\.ts also registers each module's routes/,
    'service-imports-routes.ts.txt': /no-restricted-paths: .*never import routes/,
    'ops-verb-imports-routes.ts.txt': /no-restricted-paths: .*never import routes/,
    'service-imports-fastify.ts.txt': /no-restricted-imports: .*A service imports no Fastify/,
    'ledger-table-import.ts.txt': /no-restricted-syntax: No import of a ledger table/,
    'ledger-table-sql.ts.txt': /no-restricted-syntax: No SQL on a ledger table/,
    'conformance-kit-imports-platform.ts.txt': /no-restricted-paths: .*wallet conformance kit is a public tool/,
    'reference-imports-server.ts.txt': /no-restricted-paths: .*A reference partner is its own program/,
  };
  /** Fixtures the server's zones allow: none of their rules may report them. */
  const allowed = [
    'server-through-index.ts.txt',
    'server-registries.ts.txt',
    'ops-registry-verbs.ts.txt',
    'schema-names-tables.ts.txt',
    'kernel-reads-ledger.ts.txt',
    'route-uses-fastify-and-services.ts.txt',
  ];

  it('has a fixture for every rule and no stray fixture', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts.txt'));
    expect(files.sort()).toEqual([...Object.keys(expected), ...allowed, 'area-through-index.ts.txt', 'money-through-module.ts.txt'].sort());
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

  for (const fixture of allowed) {
    it(`allows ${fixture}`, { timeout: 60_000 }, async () => {
      const messages = await lintFixture(fixture);
      expect(messages.filter((m) => /no-restricted-(paths|imports|syntax)|no-cycle/.test(m))).toEqual([]);
    });
  }

  it('allows amount arithmetic through the money module, and rounding that is not money', { timeout: 60_000 }, async () => {
    const messages = await lintFixture('money-through-module.ts.txt');
    expect(messages.filter((m) => /no-restricted-paths|no-restricted-syntax/.test(m))).toEqual([]);
  });
});

describe('file names', () => {
  /** Source files are kebab-case (dots separate suffixes: `x.test.ts`); migrations keep their numbered names. */
  const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;
  const SKIP = new Set(['node_modules', 'generated', 'migrations', 'fixtures']);
  function namesUnder(folder: string): string[] {
    return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
      if (SKIP.has(entry.name) || entry.name.startsWith('.')) return [];
      const rel = `${folder}/${entry.name}`;
      return entry.isDirectory() ? [rel, ...namesUnder(rel)] : [rel];
    });
  }

  it('are kebab-case in src, widgets, server and tests', () => {
    const bad = ['src', 'widgets', 'server', 'tests'].flatMap(namesUnder).filter((rel) => !KEBAB.test(path.basename(rel)) && path.basename(rel) !== 'README.md');
    expect(bad).toEqual([]);
  });

  it('rejects a name that is not kebab-case', () => {
    expect(['memberCentre.tsx', 'Slot_screen.tsx', 'slot-screen.tsx', 'x.test.ts'].map((n) => KEBAB.test(n))).toEqual([false, false, true, true]);
  });
});
