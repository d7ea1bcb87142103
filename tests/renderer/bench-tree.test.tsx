/**
 * The renderer bench compares the member centre's node tree with a hand-written component tree:
 * the ratio means something only while both render the same HTML. A widget or renderer change
 * that makes the two differ fails here, not silently in `npm run bench`.
 *
 * The tenants are frozen copies (fixtures/bench-tenants: demo-ph and demo-en resolved over
 * `_base`), so an edit of the live demo tenants does not change what this test renders.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Tenant } from '../../src/generated/tenant';
import { renderHandWritten, renderNodeTree } from '../../scripts/bench-renderer-tree';

// The renderer's Suspense boundaries are its only extra markup.
const strip = (html: string) => html.replace(/<!--\/?\$-->/g, '');

const frozenTenant = (id: string) => JSON.parse(readFileSync(new URL(`./fixtures/bench-tenants/${id}.json`, import.meta.url), 'utf8')) as Tenant;

describe('renderer bench trees', () => {
  it.each(['demo-ph', 'demo-en'])('render the same member centre for %s', (id) => {
    const tenant = frozenTenant(id);
    expect(tenant.id).toBe(id);
    const fromNodes = strip(renderNodeTree(tenant));
    expect(fromNodes).toContain('/m/responsibleGaming');
    expect(strip(renderHandWritten(tenant))).toBe(fromNodes);
  });
});
