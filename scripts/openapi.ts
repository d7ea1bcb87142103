/**
 * The `/wps` API contract as an OpenAPI 3.1 document, made from schemas/api/*.json (`x-routes`
 * and `definitions`) by `npm run gen` into docs/openapi.json. Each file's definitions become
 * components named `<file>.<definition>`; each route an operation `<file>.<route>` with its path,
 * query and header parameters, body (for an encrypted route: the `{ payload }` envelope, the
 * decrypted payload's schema in `x-encrypted-payload`), the success envelope (or the produced
 * content type), the error envelope naming the route's error codes, and `x-idempotent` on the
 * routes run once per Idempotency-Key (`{ omits }`: body fields the request hash leaves out).
 */
import type { RouteSpec, SchemaFile } from '../server/schemas';

type Schema = { [key: string]: unknown };

const isObj = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `#/definitions/x` of file `stem`, or `other.json#/definitions/x`, as a component reference. */
function componentRef(stem: string, ref: string): string {
  const m = /^(?:([A-Za-z0-9_-]+)\.json)?#\/definitions\/([^/]+)(\/.*)?$/.exec(ref);
  if (!m) throw new Error(`schemas/api/${stem}.json: reference ${ref} is not to a definition`);
  return `#/components/schemas/${m[1] ?? stem}.${m[2]}${m[3] ?? ''}`;
}

/** A draft-07 schema of file `stem` as a 2020-12 schema with component references. */
function translate(stem: string, schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map((s) => translate(stem, s));
  if (!isObj(schema)) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string') out.$ref = componentRef(stem, value);
    else if (key === 'items' && Array.isArray(value)) out.prefixItems = translate(stem, value);
    else if (key === 'additionalItems') continue;
    else if (key === '$schema' || key === '$id') continue;
    else out[key] = translate(stem, value);
  }
  if (Array.isArray(schema.items) && schema.additionalItems !== undefined) out.items = translate(stem, schema.additionalItems);
  return out;
}

/** The definition a route part names, followed through `$ref`s and merged over `allOf`. */
function definition(files: Map<string, SchemaFile>, stem: string, ref: string): { stem: string; schema: Schema } | null {
  const m = /^(?:([A-Za-z0-9_-]+)\.json)?#\/definitions\/([^/]+)$/.exec(ref);
  if (!m) return null;
  const fileStem = m[1] ?? stem;
  const found = files.get(fileStem)?.definitions?.[m[2]];
  if (!isObj(found)) return null;
  if (typeof found.$ref === 'string') return definition(files, fileStem, found.$ref);
  return { stem: fileStem, schema: found };
}

/** The properties of an object schema (with those of its `allOf` members). */
function propertiesOf(files: Map<string, SchemaFile>, stem: string, schema: Schema): { properties: [string, unknown, string][]; required: Set<string> } | null {
  if (schema.oneOf || schema.anyOf) return null;
  const properties: [string, unknown, string][] = [];
  const required = new Set<string>(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  if (isObj(schema.properties)) for (const [k, v] of Object.entries(schema.properties)) properties.push([k, v, stem]);
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf) {
      const resolved = isObj(part) && typeof part.$ref === 'string' ? definition(files, stem, part.$ref) : isObj(part) ? { stem, schema: part } : null;
      if (!resolved) return null;
      const inner = propertiesOf(files, resolved.stem, resolved.schema);
      if (!inner) return null;
      properties.push(...inner.properties);
      for (const r of inner.required) required.add(r);
    }
  }
  return { properties, required };
}

/** Headers OpenAPI describes elsewhere (content type, security): never parameters. */
const RESERVED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

function parameters(files: Map<string, SchemaFile>, stem: string, spec: RouteSpec, name: string): Schema[] {
  const out: Schema[] = [];
  const pathNames = [...spec.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
  const params = spec.params ? definition(files, stem, spec.params) : null;
  const paramProps = params ? propertiesOf(files, params.stem, params.schema) : null;
  for (const p of pathNames) {
    const found = paramProps?.properties.find(([k]) => k === p);
    out.push({ name: p, in: 'path', required: true, schema: found ? translate(found[2], found[1]) : { type: 'string' } });
  }
  for (const [part, where] of [
    ['querystring', 'query'],
    ['headers', 'header'],
  ] as const) {
    const ref = spec[part];
    if (!ref) continue;
    const resolved = definition(files, stem, ref);
    const props = resolved ? propertiesOf(files, resolved.stem, resolved.schema) : null;
    if (!props) {
      if (where === 'header') throw new Error(`schemas/api/${stem}.json: ${name}: headers ${ref} must be an object with properties`);
      // A query whose shape is a choice: one object parameter, sent as form fields.
      out.push({ name: 'query', in: 'query', style: 'form', explode: true, schema: { $ref: componentRef(stem, ref) } });
      continue;
    }
    for (const [key, schema, owner] of props.properties) {
      if (where === 'header' && RESERVED_HEADERS.has(key.toLowerCase())) continue;
      const param: Schema = { name: key, in: where, schema: translate(owner, schema) };
      if (props.required.has(key)) param.required = true;
      if (isObj(schema) && typeof schema.description === 'string') param.description = schema.description;
      out.push(param);
    }
  }
  return out;
}

const MEDIA_WILDCARD = /\/$/;

/** Builds the document. `version` is the package's version. */
export function openApiDocument(files: SchemaFile[], version: string): Schema {
  const byStem = new Map(files.map((f) => [f.$id.replace(/\.json$/, ''), f]));
  const schemas: Schema = {};
  for (const [stem, file] of [...byStem].sort(([a], [b]) => a.localeCompare(b))) {
    for (const [name, def] of Object.entries(file.definitions ?? {})) schemas[`${stem}.${name}`] = translate(stem, def);
  }
  const paths: Record<string, Schema> = {};
  const tags: Schema[] = [];
  for (const [stem, file] of [...byStem].sort(([a], [b]) => a.localeCompare(b))) {
    let tagged = false;
    for (const [name, spec] of Object.entries(file['x-routes'] ?? {})) {
      // The /wps API, and the game vendors' wallet (server-to-server, signed, in the protocol's JSON).
      if (!spec.url.startsWith('/wps/') && spec.url !== '/wps' && !spec.url.startsWith('/vendor/')) continue;
      tagged = true;
      const path = spec.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const op: Schema = { operationId: `${stem}.${name}`, tags: [stem] };
      if (spec.summary) op.description = spec.summary;
      const params = parameters(byStem, stem, spec, name);
      if (spec.encrypted) params.push({ name: 'X-Encrypted', in: 'header', required: true, schema: { const: '1' }, description: 'The body is a JWE (RSA-OAEP-256 + A256GCM) of the payload.' });
      if (params.length) op.parameters = params;
      if (spec.body) {
        op.requestBody = {
          required: true,
          content: { 'application/json': { schema: { $ref: componentRef(stem, spec.body) } } },
        };
        if (spec.payload) (op.requestBody as Schema)['x-encrypted-payload'] = { $ref: componentRef(stem, spec.payload) };
      }
      if (spec.auth === 'required' || spec.auth === 'game') op.security = [{ bearer: [] }];
      else if (spec.auth === 'optional') op.security = [{}, { bearer: [] }];
      else op.security = [];
      if (spec.realMember) op['x-real-member'] = true;
      if (spec.idempotent) op['x-idempotent'] = spec.idempotencyOmits?.length ? { omits: spec.idempotencyOmits } : true;
      const value = { $ref: componentRef(stem, spec.response) };
      const media = spec.produces ? (MEDIA_WILDCARD.test(spec.produces) ? `${spec.produces}*` : spec.produces) : 'application/json';
      const ok: Schema = spec.produces
        ? { description: `The ${media} body.`, content: { [media]: { schema: value } } }
        : {
            description: 'The success envelope.',
            content: {
              'application/json': {
                schema: { type: 'object', required: ['success', 'value'], additionalProperties: false, properties: { success: { const: true }, value } },
              },
            },
          };
      const error: Schema = spec.errors?.length
        ? { allOf: [{ $ref: '#/components/schemas/common.errorEnvelope' }, { properties: { errorCode: { enum: spec.errors } } }] }
        : { $ref: '#/components/schemas/common.errorEnvelope' };
      // The vendors' wallet answers its refusals in the protocol's JSON too (a status, not the envelope).
      const protocol = spec.url.startsWith('/vendor/') && spec.produces === 'application/json';
      op.responses = {
        '200': ok,
        default: protocol
          ? { description: 'A refusal in the protocol\'s JSON: 401 RS_ERROR_INVALID_SIGNATURE, 400 RS_ERROR_WRONG_TYPES with the field.', content: { 'application/json': { schema: value } } }
          : { description: 'The error envelope: a stable errorCode and its i18n key.', content: { 'application/json': { schema: error } } },
      };
      const method = spec.method.toLowerCase();
      paths[path] ??= {};
      if (paths[path][method]) throw new Error(`${spec.method} ${spec.url} is declared twice (${stem}.${name})`);
      paths[path][method] = op;
    }
    if (tagged) tags.push({ name: stem, description: file.title ?? stem });
  }
  const sortedPaths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'White-label mobile gaming platform API (/wps)',
      version,
      description:
        'Generated by `npm run gen` from schemas/api/*.json; do not edit. Every response is the envelope `{ success, value?, errorCode?, message? }`. Login and registration bodies are JWE; money-moving POSTs need an Idempotency-Key header. The host name picks the tenant.',
    },
    tags,
    paths: sortedPaths,
    components: {
      schemas,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The session token of POST /wps/session/login (renewed by POST /wps/session/renew).' } },
    },
  };
}
