import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { Screen, Slot } from '../../src/generated/tenant';
import { registry } from '../../widgets/registry';
import { fixtureTenant } from './fixtures/tenant';

const schemasDir = join(import.meta.dirname, '../../schemas');

function load(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}

function* nodes(slot: Slot): Generator<{ widget: string; props: unknown }> {
  for (const id of slot.order) {
    const node = slot.items[id];
    yield { widget: node.widget, props: node.props ?? {} };
    if (node.children) yield* nodes(node.children);
  }
}

/** The test fixture must stay a tenant the real validator accepts, or the renderer tests lie. */
describe('test fixture tenant', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  for (const f of readdirSync(join(schemasDir, 'tenant'))) ajv.addSchema(load(join(schemasDir, 'tenant', f)));
  const validateTenant = ajv.compile(load(join(schemasDir, 'tenant.schema.json')));

  it('validates against schemas/tenant.schema.json', () => {
    const ok = validateTenant(fixtureTenant());
    expect(validateTenant.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it("validates every node's props against its widget's props schema", () => {
    const tenant = fixtureTenant();
    for (const screen of Object.values(tenant.screens) as Screen[]) {
      for (const slot of Object.values(screen.slots)) {
        for (const node of nodes(slot)) {
          const manifest = registry[node.widget];
          expect(manifest, node.widget).toBeDefined();
          const validate = ajv.compile(manifest.propsSchema);
          expect([node.widget, validate(node.props), validate.errors ?? []]).toEqual([node.widget, true, []]);
        }
      }
    }
  });
});
