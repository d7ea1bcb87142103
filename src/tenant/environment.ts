import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { REPO_ROOT } from './source';

/** A string found while validating widget props that pass 2 must check (label key or route). */
export interface Annotated {
  kind: 'i18n' | 'route';
  /** Pointer inside the props object. */
  pointer: string;
  value: string;
  /**
   * A route link's `x-route: { "shownWhen": gate }`: the widget shows the link only while this gate
   * holds (e.g. the reward centre's flag), so it is dead only where the gate can hold.
   */
  shownWhen?: unknown;
}

/** Everything validation needs that does not depend on one tenant: schemas, widgets, locales. */
export interface ValidationEnv {
  validateTenant: ValidateFunction;
  widgets: Map<string, ValidateFunction>;
  /** Shipped locale files: language file name (en, ty) -> keys. */
  locales: Map<string, Set<string>>;
  /** Language codes listed in locales/languages.json. */
  languages: Set<string>;
  /** Collects x-i18n / x-route annotations during one props validation. */
  collect: (fn: () => boolean) => { ok: boolean; annotations: Annotated[] };
}

async function readJson(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, 'utf8'));
}

async function schemaFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await schemaFiles(p)));
    else if (entry.name.endsWith('.schema.json')) out.push(p);
  }
  return out;
}

let cached: Promise<ValidationEnv> | null = null;

/** Loads schemas, widget props schemas and locales once per process. */
export function loadValidationEnv(root = REPO_ROOT): Promise<ValidationEnv> {
  if (root === REPO_ROOT && cached) return cached;
  const env = buildEnv(root);
  if (root === REPO_ROOT) cached = env;
  return env;
}

async function buildEnv(root: string): Promise<ValidationEnv> {
  let sink: Annotated[] | null = null;
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true });
  for (const kind of ['i18n', 'route'] as const) {
    ajv.addKeyword({
      keyword: `x-${kind}`,
      schemaType: kind === 'route' ? ['boolean', 'object'] : 'boolean',
      type: 'string',
      errors: false,
      validate(this: unknown, enabled: boolean | { shownWhen?: unknown }, data: unknown, _parent: unknown, cxt?: { instancePath: string }) {
        if (!enabled || !sink || typeof data !== 'string') return true;
        const shownWhen = typeof enabled === 'object' ? enabled.shownWhen : undefined;
        sink.push({ kind, pointer: cxt?.instancePath ?? '', value: data, ...(shownWhen === undefined ? {} : { shownWhen }) });
        return true;
      },
    });
  }
  const tenantParts = await schemaFiles(join(root, 'schemas/tenant'));
  for (const f of tenantParts) ajv.addSchema((await readJson(f)) as object);
  const validateTenant = ajv.compile((await readJson(join(root, 'schemas/tenant.schema.json'))) as object);

  const widgets = new Map<string, ValidateFunction>();
  const widgetsDir = join(root, 'widgets');
  if (existsSync(widgetsDir)) {
    for (const entry of await readdir(widgetsDir, { withFileTypes: true })) {
      const schemaPath = join(widgetsDir, entry.name, 'props.schema.json');
      if (entry.isDirectory() && existsSync(schemaPath)) {
        widgets.set(entry.name, ajv.compile((await readJson(schemaPath)) as object));
      }
    }
  }

  const locales = new Map<string, Set<string>>();
  const localesDir = join(root, 'locales');
  for (const name of (await readdir(localesDir)).filter((n) => n.endsWith('.json') && n !== 'languages.json')) {
    locales.set(name.replace(/\.json$/, ''), new Set(Object.keys((await readJson(join(localesDir, name))) as object)));
  }
  const languageList = (await readJson(join(localesDir, 'languages.json'))) as { code: string }[];
  const languages = new Set(languageList.map((l) => l.code));

  return {
    validateTenant,
    widgets,
    locales,
    languages,
    collect(fn) {
      sink = [];
      try {
        const ok = fn();
        return { ok, annotations: sink };
      } finally {
        sink = null;
      }
    },
  };
}

/** Turns an Ajv error into a sentence that says what was expected. */
export function describeAjvError(e: ErrorObject): { pointer: string; message: string } {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties': {
      const name = String(p.additionalProperty);
      const allowed = e.parentSchema && typeof e.parentSchema === 'object' && 'properties' in e.parentSchema
        ? Object.keys((e.parentSchema as { properties: object }).properties)
        : [];
      const isGate = allowed.includes('memberType') && allowed.includes('hasUpline');
      const noun = isGate ? 'gate operator' : 'property';
      const hint = allowed.length ? ` (expected one of: ${allowed.join(', ')})` : '';
      return { pointer: `${e.instancePath}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, message: `unknown ${noun} "${name}"${hint}` };
    }
    case 'required':
      return { pointer: e.instancePath, message: `missing required property "${String(p.missingProperty)}"` };
    case 'enum':
      return {
        pointer: e.instancePath,
        message: `${JSON.stringify(e.data)} is not allowed (expected one of: ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')})`,
      };
    case 'const':
      return { pointer: e.instancePath, message: `must be ${JSON.stringify(p.allowedValue)}, found ${JSON.stringify(e.data)}` };
    case 'pattern':
      return { pointer: e.instancePath, message: `${JSON.stringify(e.data)} does not match the pattern ${String(p.pattern)}` };
    case 'type':
      return { pointer: e.instancePath, message: `must be of type ${String(p.type)}, found ${describeType(e.data)}` };
    case 'maxProperties':
    case 'minProperties':
      if (e.schemaPath.includes('gate')) {
        return { pointer: e.instancePath, message: 'a gate holds exactly one operator; combine several with "all", "any" or "not"' };
      }
      return { pointer: e.instancePath, message: e.message ?? e.keyword };
    case 'propertyNames':
      return { pointer: e.instancePath, message: `property name ${JSON.stringify(p.propertyName)} is not allowed` };
    default:
      return { pointer: e.instancePath, message: e.message ?? e.keyword };
  }
}

function describeType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}
