import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchema, HTTPMethods } from 'fastify';

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
}

export interface SchemaFile {
  $id: string;
  title?: string;
  'x-routes'?: Record<string, RouteSpec>;
  definitions: Record<string, unknown>;
}

/** Reads every `schemas/api/*.json`. */
export function readSchemaFiles(dir = API_SCHEMAS_DIR): SchemaFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as SchemaFile);
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
