import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { registry } from '../../widgets/registry';

const widgetsDir = join(import.meta.dirname, '../../widgets');
const folders = readdirSync(widgetsDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

function schemaOf(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(widgetsDir, name, 'props.schema.json'), 'utf8')) as Record<string, unknown>;
}

/** Strict Ajv that knows our annotation keywords (the tenant validator collects them). */
function ajv(): Ajv2020 {
  const instance = new Ajv2020({ strict: true, allErrors: true });
  instance.addKeyword({ keyword: 'x-i18n', schemaType: 'boolean' });
  instance.addKeyword({ keyword: 'x-route', schemaType: ['boolean', 'object'] });
  return instance;
}

/**
 * Defaults fill in under a node's props, so they may leave out what the tenant must give (nav-item's
 * label): check them against the schema without its required lists and its exactly-one-of choice.
 */
function partialSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...schema };
  delete copy.required;
  delete copy.oneOf;
  delete copy.$id;
  return copy;
}

describe('widget registry', () => {
  it('has one entry per folder under widgets/, keyed by folder name', () => {
    expect(Object.keys(registry).sort()).toEqual(folders);
  });

  it.each(folders)('%s: manifest name equals its key and version is semver', (name) => {
    expect(registry[name].name).toBe(name);
    expect(registry[name].version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it.each(folders)('%s: propsSchema deep-equals props.schema.json', (name) => {
    expect(registry[name].propsSchema).toEqual(schemaOf(name));
  });

  it.each(folders)('%s: props schema follows the house rules and compiles in strict mode', (name) => {
    const schema = schemaOf(name);
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(`https://schemas.whitelabel.dev/widgets/${name}.json`);
    const pascal = name.replace(/(^|-)([a-z])/g, (_m, _d: string, c: string) => c.toUpperCase());
    expect(schema.title).toBe(`${pascal}Props`);
    expect(schema.type).toBe('object');
    expect(schema.additionalProperties).toBe(false);
    expect(() => ajv().compile(schema)).not.toThrow();
  });

  it.each(folders)('%s: defaults validate against the props schema', (name) => {
    const validate = ajv().compile(partialSchema(schemaOf(name)));
    const ok = validate(registry[name].defaults);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it.each(folders)('%s: props schema is a valid draft 2020-12 schema', (name) => {
    const instance = ajv();
    expect(instance.validateSchema(schemaOf(name))).toBe(true);
  });
});
