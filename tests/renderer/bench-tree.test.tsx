/**
 * The renderer bench compares the member centre's node tree with a hand-written component tree:
 * the ratio means something only while both render the same HTML. A member-centre item added to
 * `_base` without its hand-written twin fails here, not silently in `npm run bench`.
 */
import { describe, expect, it } from 'vitest';
import type { Tenant } from '../../src/generated/tenant';
import { resolveTenant } from '../../src/tenant/source';
import { renderHandWritten, renderNodeTree } from '../../scripts/bench-renderer-tree';

// The renderer's Suspense boundaries are its only extra markup.
const strip = (html: string) => html.replace(/<!--\/?\$-->/g, '');

describe('renderer bench trees', () => {
  it.each(['demo-ph', 'demo-en'])('render the same member centre for %s', async (id) => {
    const { resolved } = await resolveTenant(id);
    const tenant = resolved as unknown as Tenant;
    const fromNodes = strip(renderNodeTree(tenant));
    expect(fromNodes).toContain('/m/responsibleGaming');
    expect(strip(renderHandWritten(tenant))).toBe(fromNodes);
  });
});
