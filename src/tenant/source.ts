import { readFile } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { mergePatch, type Json } from '../lib/merge-patch';
import { migrateRaw } from './migrations';
import { tokensOf, type TenantIssue } from './errors';

/** The repository root (src/tenant/../..). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Reads a file by path relative to the repository root; null when it does not exist. */
export type ReadText = (relPath: string) => Promise<string | null>;

/** Reads from the working tree. */
export function workingTreeReader(root = REPO_ROOT): ReadText {
  return async (relPath) => {
    try {
      return await readFile(resolve(root, relPath), "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  };
}

/** Reads files as they were at a git revision (for `tenant diff --base <ref>`). */
export function gitReader(ref: string, root = REPO_ROOT): ReadText {
  const run = promisify(execFile);
  return async (relPath) => {
    try {
      const { stdout } = await run('git', ['show', `${ref}:${relPath}`], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
      return stdout;
    } catch {
      return null;
    }
  };
}

/** One tenant file as read from disk, after schema migrations. */
export interface TenantSource {
  id: string;
  /** Path relative to the repository root, as printed in errors. */
  file: string;
  raw: { [key: string]: Json };
}

export interface ResolveResult {
  /** The merged tenant (without `extends`), or null when the chain could not be read. */
  resolved: { [key: string]: Json } | null;
  /** Child first, _base last. */
  chain: TenantSource[];
  issues: TenantIssue[];
}

export const TENANTS_DIR = 'tenants';

/** The path of a tenant's file relative to the repository root. */
export function tenantFile(id: string, tenantsDir = TENANTS_DIR): string {
  return `${tenantsDir}/${id}/tenant.json`;
}

/** Line and column of a character offset, for JSON syntax errors. */
function lineCol(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const col = offset - before.lastIndexOf('\n');
  return `line ${line}, column ${col}`;
}

/** Parses a tenant file; a syntax error becomes an issue, never an exception. */
export function parseTenantText(file: string, text: string): { raw?: { [key: string]: Json }; issue?: TenantIssue } {
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length) {
    const first = errors[0];
    return { issue: { file, pointer: '', message: `invalid JSON: ${printParseErrorCode(first.error)} at ${lineCol(text, first.offset)}` } };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { issue: { file, pointer: '', message: 'a tenant file must hold a JSON object' } };
  }
  return { raw: value as { [key: string]: Json } };
}

/**
 * Reads a tenant and the chain of tenants it extends, and merges them by JSON Merge Patch
 * (base first). A missing file, malformed JSON, a missing `extends` target and a cycle are
 * ordinary issues.
 */
export async function resolveTenant(
  idOrFile: string,
  read: ReadText = workingTreeReader(),
  tenantsDir = TENANTS_DIR,
): Promise<ResolveResult> {
  const chain: TenantSource[] = [];
  const issues: TenantIssue[] = [];
  const seen: string[] = [];
  let file = idOrFile.endsWith('.json') ? idOrFile : tenantFile(idOrFile, tenantsDir);
  let id = idOrFile.endsWith('.json') ? idFromFile(idOrFile) : idOrFile;
  let referrer: { file: string } | null = null;
  for (;;) {
    if (seen.includes(id)) {
      issues.push({
        file: referrer?.file ?? file,
        pointer: '/extends',
        message: `cycle of extends: ${[...seen, id].join(' -> ')}`,
      });
      return { resolved: null, chain, issues };
    }
    seen.push(id);
    const text = await read(file);
    if (text === null) {
      issues.push(
        referrer
          ? { file: referrer.file, pointer: '/extends', message: `extends "${id}", but ${file} does not exist` }
          : { file, pointer: '', message: 'file not found' },
      );
      return { resolved: null, chain, issues };
    }
    const parsed = parseTenantText(file, text);
    if (parsed.issue || !parsed.raw) {
      issues.push(parsed.issue!);
      return { resolved: null, chain, issues };
    }
    const migrated = migrateRaw(parsed.raw);
    if (migrated.error) {
      issues.push({ file, pointer: '/schemaVersion', message: migrated.error });
      return { resolved: null, chain, issues };
    }
    chain.push({ id, file, raw: migrated.raw });
    const ext = migrated.raw.extends;
    if (ext === undefined) break;
    if (typeof ext !== 'string' || !/^[a-z_][a-z0-9_-]*$/.test(ext)) {
      issues.push({ file, pointer: '/extends', message: 'must be the id of another tenant, e.g. "_base"' });
      return { resolved: null, chain, issues };
    }
    referrer = { file };
    id = ext;
    file = tenantFile(ext, tenantsDir);
  }
  let merged: Json = {};
  for (const source of [...chain].reverse()) merged = mergePatch(merged, source.raw);
  const resolved = merged as { [key: string]: Json };
  delete resolved.extends;
  delete resolved.$schema;
  return { resolved, chain, issues };
}

function idFromFile(file: string): string {
  const parts = file.split(/[\\/]/);
  return parts.length >= 2 ? parts[parts.length - 2] : file;
}

/** Whether a JSON pointer names a value present in a document. */
function hasPointer(doc: Json, ptr: string): boolean {
  let cur: Json = doc;
  for (const token of tokensOf(ptr)) {
    if (cur === null || typeof cur !== 'object') return false;
    if (Array.isArray(cur)) {
      const i = Number(token);
      if (!Number.isInteger(i) || i < 0 || i >= cur.length) return false;
      cur = cur[i];
    } else {
      if (!Object.prototype.hasOwnProperty.call(cur, token)) return false;
      cur = cur[token];
    }
  }
  return true;
}

/**
 * The file responsible for the value at a pointer of the resolved tenant: the nearest file in
 * the chain that writes it, else the merchant's own file (which must add what is missing).
 */
export function fileForPointer(chain: TenantSource[], ptr: string): string {
  const tokens = tokensOf(ptr);
  for (let depth = tokens.length; depth > 0; depth--) {
    const prefix = tokens.slice(0, depth).map((t) => '/' + t.replace(/~/g, '~0').replace(/\//g, '~1')).join('');
    const owner = chain.find((s) => hasPointer(s.raw, prefix));
    if (owner) return owner.file;
  }
  return chain[0]?.file ?? '';
}
