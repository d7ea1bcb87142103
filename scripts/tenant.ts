/**
 * The tenant CLI: `npm run tenant -- <verb>`. Exit 0 when all is well, 1 when a tenant has
 * errors, 2 on bad usage. A bad file is reported in lines `FILE: /json/pointer: message`,
 * never with a stack trace.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { formatIssue } from '../src/tenant/errors';
import { diffTenants } from '../src/tenant/diff';
import { migrateRaw } from '../src/tenant/migrations';
import { scaffoldTenant } from '../src/tenant/scaffold';
import { REPO_ROOT, gitReader, parseTenantText, resolveTenant, tenantFile, workingTreeReader, type ReadText } from '../src/tenant/source';
import { listTenantIds, validateTenant, validateTenants } from '../src/tenant/validate';
import { loadValidationEnv } from '../src/tenant/environment';

const USAGE = `usage: npm run tenant -- <verb>
  validate [tenant-id|file ...]     validate every tenant, or the ones named
  resolve <tenant-id|file>          print the merged tenant
  diff <a> <b> [--json]             changes between two tenants (ids or files), in words
  diff <a> --base <git-ref> [--json] changes of a tenant since a git revision
  new <id> [--from <tenant-id>]     scaffold a valid tenant
  migrate [--write]                 lift tenant files to the current schema version`;

class UsageError extends Error {}

function takeOption(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  const value = args[i + 1];
  if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} needs a value`);
  args.splice(i, 2);
  return value;
}

function takeFlag(args: string[], name: string): boolean {
  const i = args.indexOf(name);
  if (i === -1) return false;
  args.splice(i, 1);
  return true;
}

function rejectUnknownOptions(args: string[]): void {
  const unknown = args.find((a) => a.startsWith('--'));
  if (unknown) throw new UsageError(`unknown option ${unknown}`);
}

async function validate(args: string[]): Promise<number> {
  rejectUnknownOptions(args);
  const { reports, issues } = await validateTenants(args);
  for (const issue of issues) console.error(formatIssue(issue));
  const bad = new Set(issues.map((i) => i.file));
  console.log(`${reports.length} tenant(s) checked, ${issues.length} error(s)${bad.size ? ` in ${[...bad].join(', ')}` : ''}`);
  return issues.length ? 1 : 0;
}

async function resolveVerb(args: string[]): Promise<number> {
  rejectUnknownOptions(args);
  if (args.length !== 1) throw new UsageError('resolve takes one tenant id or file');
  const { resolved, issues } = await resolveTenant(args[0]);
  for (const issue of issues) console.error(formatIssue(issue));
  if (!resolved) return 1;
  process.stdout.write(JSON.stringify(resolved, null, 2) + '\n');
  return 0;
}

async function resolvedFor(ref: string, read: ReadText, label: string): Promise<Record<string, unknown> | null> {
  const env = await loadValidationEnv();
  const report = await validateTenant(ref, { read, env });
  for (const issue of report.issues) console.error(`${label}${formatIssue(issue)}`);
  return report.resolved;
}

async function diff(args: string[]): Promise<number> {
  const json = takeFlag(args, '--json');
  const base = takeOption(args, '--base');
  rejectUnknownOptions(args);
  let left: Record<string, unknown> | null;
  let right: Record<string, unknown> | null;
  if (base !== undefined) {
    if (args.length !== 1) throw new UsageError('diff --base <ref> takes one tenant');
    left = await resolvedFor(args[0], gitReader(base), `${base}: `);
    right = await resolvedFor(args[0], workingTreeReader(), '');
  } else {
    if (args.length !== 2) throw new UsageError('diff takes two tenants (ids or files), or one with --base <ref>');
    left = await resolvedFor(args[0], workingTreeReader(), '');
    right = await resolvedFor(args[1], workingTreeReader(), '');
  }
  if (!left || !right) return 1;
  const changes = diffTenants(left as never, right as never);
  if (json) process.stdout.write(JSON.stringify(changes, null, 2) + '\n');
  else if (changes.length === 0) console.log('no differences');
  else for (const c of changes) console.log(`- ${c.text}`);
  return 0;
}

async function newVerb(args: string[]): Promise<number> {
  const from = takeOption(args, '--from');
  rejectUnknownOptions(args);
  if (args.length !== 1) throw new UsageError('new takes one tenant id');
  const { file, errors } = await scaffoldTenant(args[0], from);
  for (const e of errors) console.error(e);
  if (errors.length) return 1;
  console.log(`created ${file} (domain ${args[0]}.localhost); edit it, then run: npm run tenant -- validate ${args[0]}`);
  return 0;
}

async function migrate(args: string[]): Promise<number> {
  const write = takeFlag(args, '--write');
  rejectUnknownOptions(args);
  if (args.length) throw new UsageError('migrate takes no tenant names; it lifts every tenant file');
  const ids = ['_base', ...(await listTenantIds())];
  let pending = 0;
  let failed = 0;
  for (const id of ids) {
    const file = tenantFile(id);
    const text = await readFile(resolve(REPO_ROOT, file), 'utf8').catch(() => null);
    if (text === null) continue;
    const parsed = parseTenantText(file, text);
    if (!parsed.raw) {
      console.error(formatIssue(parsed.issue!));
      failed++;
      continue;
    }
    const result = migrateRaw(parsed.raw);
    if (result.error) {
      console.error(`${file}: /schemaVersion: ${result.error}`);
      failed++;
      continue;
    }
    if (!result.applied.length) continue;
    pending++;
    for (const step of result.applied) console.log(`${file}: ${step}`);
    if (write) await writeFile(resolve(REPO_ROOT, file), JSON.stringify(result.raw, null, 2) + '\n');
  }
  if (failed) return 1;
  if (!pending) console.log('every tenant file is at the current schema version');
  else if (write) console.log(`migrated ${pending} file(s)`);
  else {
    console.log(`${pending} file(s) need migration: run npm run tenant -- migrate --write`);
    return 1;
  }
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [verb, ...args] = argv;
  switch (verb) {
    case 'validate':
      return validate(args);
    case 'resolve':
      return resolveVerb(args);
    case 'diff':
      return diff(args);
    case 'new':
      return newVerb(args);
    case 'migrate':
      return migrate(args);
    case undefined:
    case '--help':
    case 'help':
      console.log(USAGE);
      return verb === undefined ? 2 : 0;
    default:
      throw new UsageError(`unknown verb "${verb}"`);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof UsageError) {
      console.error(`tenant: ${err.message}\n${USAGE}`);
      process.exit(2);
    }
    console.error(`tenant: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
