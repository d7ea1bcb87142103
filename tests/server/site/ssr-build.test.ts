/**
 * The server-render module runs React's production build whatever NODE_ENV the server has
 * (npm start sets none): the SSR build bundles React and everything that imports it, with
 * NODE_ENV reads replaced by "production". The browser build is left as Vite makes it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConfigEnv, UserConfig, UserConfigFnObject } from 'vite';
import { describe, expect, it } from 'vitest';
import viteConfig from '../../../vite.config';
import { siteIsStale } from '../../../scripts/site-build.mjs';
import { stripWidgetSchemas } from '../../../scripts/vite-strip-widget-schemas';

const configFor = (env: Partial<ConfigEnv>): UserConfig =>
  (viteConfig as UserConfigFnObject)({ command: 'build', mode: 'production', ...env } as ConfigEnv);

describe('the server-render build', () => {
  it('bundles every dependency and only the production branches of their code', () => {
    const ssr = configFor({ isSsrBuild: true });
    expect(ssr.ssr?.noExternal).toBe(true);
    expect(ssr.define?.['process.env.NODE_ENV']).toBe('"production"');
    expect(ssr.base).toBe('/m/');
  });

  it('leaves the browser build as it was', () => {
    const client = configFor({ isSsrBuild: false });
    expect(client.ssr).toBeUndefined();
    expect(client.define).toBeUndefined();
    expect(client.build?.manifest).toBe(true);
  });

  // Only a build made from the current sources and config tells anything (a fresh clone has none).
  const root = process.cwd();
  const built = existsSync(join(root, 'dist-ssr', 'entry-server.js')) && !siteIsStale(root);
  it.skipIf(!built)('holds no development build of React (dist-ssr/, when built from the current sources)', () => {
    const files = [join(root, 'dist-ssr', 'entry-server.js'), ...readdirSync(join(root, 'dist-ssr', 'assets')).map((f) => join(root, 'dist-ssr', 'assets', f))];
    const code = files.filter((f) => f.endsWith('.js')).map((f) => readFileSync(f, 'utf8'));
    const found = (text: string) => code.some((c) => c.includes(text));
    // Development-only code of react-dom/server and react, and their file names.
    expect(found('Each child in a list should have a unique')).toBe(false);
    expect(found('Invalid DOM property')).toBe(false);
    expect(found('.development.js')).toBe(false);
    // React is in the module, not imported from node_modules at run time.
    expect(code.some((c) => /from\s*["']react(-dom)?(\/[\w/.-]+)?["']/.test(c))).toBe(false);
    expect(found('react-dom-server.node.production')).toBe(true);
  });
});

describe('widget props schemas in the browser build', () => {
  const plugin = stripWidgetSchemas();
  const load = (consumer: 'client' | 'server', id: string) =>
    (plugin.load as (this: unknown, id: string) => string | null).call({ environment: { config: { consumer } } }, id);

  it('are empty objects for the browser (it renders tenants the server validated) and whole for the server', () => {
    expect(load('client', '/repo/widgets/nav-item/props.schema.json')).toBe('{}');
    expect(load('client', 'C:\\repo\\widgets\\nav-item\\props.schema.json')).toBe('{}');
    expect(load('server', '/repo/widgets/nav-item/props.schema.json')).toBeNull();
    // Other JSON (locales, storage record schemas for the session validators) is left alone.
    expect(load('client', '/repo/locales/ty.json')).toBeNull();
    expect(load('client', '/repo/schemas/storage/remembered-login.schema.json')).toBeNull();
    expect(plugin.apply).toBe('build');
  });
});
