import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchema, HTTPMethods } from 'fastify';
import { IDEMPOTENCY_HEADER } from './lib/idempotency';

const API_SCHEMAS_DIR = fileURLToPath(new URL('../schemas/api', import.meta.url));

/** One route as described in a schema file's `x-routes` (refs are relative to that file). */
export interface RouteSpec {
  method: HTTPMethods;
  url: string;
  summary?: string;
  /** game: an in-house game's play token or a member session (app.requirePlayer). */
  auth?: 'required' | 'optional' | 'game';
  /** With `auth: required`: a real-account function, refused to free-trial members (trial.forbidden, 403). */
  realMember?: boolean;
  /** Not JSON: the route answers this content type (a page, a script, an image), errors still in the envelope. */
  produces?: string;
  encrypted?: boolean;
  headers?: string;
  querystring?: string;
  params?: string;
  body?: string;
  /** The decrypted body of an encrypted route. */
  payload?: string;
  /** The value's schema (JSON routes); a description of the body for `produces` routes. */
  response: string;
  errors?: string[];
  /**
   * A money-moving POST run once per Idempotency-Key (server/lib/idempotency.ts): its `headers`
   * must require `idempotency-key`; apiRoute reads the key and hands the handler the runner.
   */
  idempotent?: boolean;
  /** Of an idempotent route: top-level body fields left out of the stored request hash (secrets). */
  idempotencyOmits?: string[];
}

/** The keys an `x-routes` entry may have. */
const ROUTE_KEYS: ReadonlySet<string> = new Set([
  'method', 'url', 'summary', 'auth', 'realMember', 'produces', 'encrypted', 'headers', 'querystring',
  'params', 'body', 'payload', 'response', 'errors', 'idempotent', 'idempotencyOmits',
] satisfies (keyof RouteSpec)[]);

export interface SchemaFile {
  $id: string;
  title?: string;
  'x-routes'?: Record<string, RouteSpec>;
  definitions: Record<string, unknown>;
}

/** Reads every `schemas/api/*.json`; a route description that breaks the rules of checkRoutes throws. */
export function readSchemaFiles(dir = API_SCHEMAS_DIR): SchemaFile[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as SchemaFile);
  checkRoutes(files);
  return files;
}

type Definition = { $ref?: unknown; required?: unknown; properties?: unknown; allOf?: unknown };

/** The definition `ref` (`#/definitions/x` or `other.json#/definitions/x`) of file `fileId` names, followed through `$ref`s. */
function definitionOf(byId: Map<string, SchemaFile>, fileId: string, ref: string, seen = 0): { fileId: string; schema: Definition } | null {
  const m = /^([^#]*)#\/definitions\/([^/]+)$/.exec(ref);
  if (!m || seen > 16) return null;
  const owner = m[1] || fileId;
  const found = byId.get(owner)?.definitions?.[m[2]] as Definition | undefined;
  if (!found || typeof found !== 'object') return null;
  return typeof found.$ref === 'string' ? definitionOf(byId, owner, found.$ref, seen + 1) : { fileId: owner, schema: found };
}

/** The required and known properties of an object definition (with those of its `allOf` members). */
function fieldsOf(byId: Map<string, SchemaFile>, fileId: string, schema: Definition): { required: Set<string>; properties: Set<string> } {
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const properties = new Set(schema.properties && typeof schema.properties === 'object' ? Object.keys(schema.properties) : []);
  for (const part of Array.isArray(schema.allOf) ? (schema.allOf as Definition[]) : []) {
    const resolved = typeof part?.$ref === 'string' ? definitionOf(byId, fileId, part.$ref) : { fileId, schema: part };
    if (!resolved) continue;
    const inner = fieldsOf(byId, resolved.fileId, resolved.schema);
    for (const r of inner.required) required.add(r);
    for (const p of inner.properties) properties.add(p);
  }
  return { required, properties };
}

/**
 * The rules of `x-routes` entries that JSON Schema does not check: known keys only, and an
 * idempotent route (`"idempotent": true`) requires the `idempotency-key` header; the body fields
 * it leaves out of its request hash (`idempotencyOmits`) are properties of its body.
 */
function checkRoutes(files: SchemaFile[]): void {
  const byId = new Map(files.map((f) => [f.$id, f]));
  for (const file of files) {
    for (const [name, spec] of Object.entries(file['x-routes'] ?? {})) {
      const where = `schemas/api/${file.$id} x-routes.${name}`;
      const unknown = Object.keys(spec).filter((k) => !ROUTE_KEYS.has(k));
      if (unknown.length) throw new Error(`${where}: unknown key ${unknown.map((k) => `"${k}"`).join(', ')}`);
      if (spec.idempotent !== undefined && typeof spec.idempotent !== 'boolean') throw new Error(`${where}: "idempotent" must be true or false`);
      if (spec.idempotencyOmits !== undefined) {
        if (!spec.idempotent) throw new Error(`${where}: "idempotencyOmits" is only for an idempotent route ("idempotent": true)`);
        if (!Array.isArray(spec.idempotencyOmits) || !spec.idempotencyOmits.every((f) => typeof f === 'string')) {
          throw new Error(`${where}: "idempotencyOmits" must be a list of body field names`);
        }
        const body = spec.body ? definitionOf(byId, file.$id, spec.body) : null;
        const fields = body ? fieldsOf(byId, body.fileId, body.schema).properties : new Set<string>();
        const missing = spec.idempotencyOmits.filter((f) => !fields.has(f));
        if (missing.length) throw new Error(`${where}: "idempotencyOmits" names ${missing.join(', ')}, not a property of its body`);
      }
      if (!spec.idempotent) continue;
      if (spec.auth !== 'required' && spec.auth !== 'game') throw new Error(`${where}: an idempotent route needs a member ("auth": "required" or "game"): keys are kept per member`);
      const headers = spec.headers ? definitionOf(byId, file.$id, spec.headers) : null;
      if (!headers || !fieldsOf(byId, headers.fileId, headers.schema).required.has(IDEMPOTENCY_HEADER)) {
        throw new Error(`${where}: an idempotent route must require the "${IDEMPOTENCY_HEADER}" header (its "headers" schema lists it in "required")`);
      }
    }
  }
}

function newAjv(files: SchemaFile[], coerceTypes: boolean): Ajv {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: false,
    allErrors: false,
    allowUnionTypes: true,
    strictTypes: false,
  });
  addFormats(ajv);
  ajv.addKeyword('x-routes');
  for (const file of files) ajv.addSchema(file);
  return ajv;
}

/** The contracts read in this process, by folder (see ApiSchemas). */
const contracts = new Map<string, Pick<ApiSchemas, 'files' | 'bodyAjv' | 'textAjv'> & { validators: Map<string, ValidateFunction> }>();

const absolute = (fileId: string, ref: string) => (ref.startsWith('#') ? `${fileId}${ref}` : ref);

/**
 * The API contract of `schemas/api/`: route schemas for Fastify and validators. Bodies are
 * validated without type coercion (a number is not a string); query strings, params and headers
 * arrive as text and are coerced.
 */
export class ApiSchemas {
  readonly files: Map<string, SchemaFile>;
  readonly bodyAjv: Ajv;
  readonly textAjv: Ajv;
  /** Validators compiled so far, by request part and schema text. */
  private readonly validators: Map<string, ValidateFunction>;

  /**
   * The contract of `dir`, read once per process, and each validator compiled once: every app
   * built in the process shares them (the tests build hundreds of apps).
   */
  constructor(dir = API_SCHEMAS_DIR) {
    let contract = contracts.get(dir);
    if (!contract) {
      const files = readSchemaFiles(dir);
      contract = {
        files: new Map(files.map((f) => [f.$id.replace(/\.json$/, ''), f])),
        bodyAjv: newAjv(files, false),
        textAjv: newAjv(files, true),
        validators: new Map(),
      };
      contracts.set(dir, contract);
    }
    ({ files: this.files, bodyAjv: this.bodyAjv, textAjv: this.textAjv, validators: this.validators } = contract);
  }

  spec(file: string, name: string): RouteSpec {
    const spec = this.files.get(file)?.['x-routes']?.[name];
    if (!spec) throw new Error(`schemas/api/${file}.json has no x-routes entry "${name}"`);
    return spec;
  }

  /** The Fastify route schema of one route: its request parts and its success envelope. */
  route(file: string, name: string): FastifySchema {
    const spec = this.spec(file, name);
    const id = this.files.get(file)!.$id;
    const ref = (r: string | undefined) => (r ? { $ref: absolute(id, r) } : undefined);
    const schema: FastifySchema & Record<string, unknown> = { summary: spec.summary };
    if (!spec.produces) {
      schema.response = {
        200: {
          type: 'object',
          required: ['success', 'value'],
          additionalProperties: false,
          properties: { success: { const: true }, value: ref(spec.response) },
        },
      };
    }
    for (const part of ['headers', 'querystring', 'params', 'body'] as const) {
      if (spec[part]) schema[part] = ref(spec[part]);
    }
    return schema;
  }

  /** Validator of an encrypted route's decrypted payload. */
  payloadValidator(file: string, name: string): ValidateFunction {
    const spec = this.spec(file, name);
    if (!spec.payload) throw new Error(`${file}.${name} has no payload schema`);
    const validate = this.bodyAjv.getSchema(absolute(this.files.get(file)!.$id, spec.payload));
    if (!validate) throw new Error(`${file}.${name}: payload schema ${spec.payload} not found`);
    return validate;
  }

  /** Fastify validator compiler: bodies strict, everything else coerced from text. */
  readonly compile = ({ schema, httpPart }: { schema: object; httpPart?: string }): ValidateFunction => {
    const body = httpPart === 'body';
    const key = `${body ? 'body' : 'text'} ${JSON.stringify(schema)}`;
    let validate = this.validators.get(key);
    if (!validate) {
      validate = (body ? this.bodyAjv : this.textAjv).compile(schema);
      this.validators.set(key, validate);
    }
    return validate;
  };
}

/** The JSON pointer of the field an Ajv error is about (the missing or unknown property included). */
export function fieldOf(error: ErrorObject | undefined): string {
  if (!error) return '';
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const extra = params.missingProperty ?? params.additionalProperty;
  return extra === undefined ? error.instancePath : `${error.instancePath}/${extra}`;
}
