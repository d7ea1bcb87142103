/**
 * The tenant CLI: `npm run tenant -- <verb>`. Exit 0 when all is well, 1 when a tenant has
 * errors, 2 on bad usage. A bad file is reported in lines `FILE: /json/pointer: message`,
 * never with a stack trace.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { formatIssue, formatWarning } from '../src/tenant/errors';
import { lintTenants } from '../src/tenant/lint';
import { diffTenants, type TenantChange } from '../src/tenant/diff';
import type { Json } from '../src/lib/merge-patch';
import { migrateRaw } from '../src/tenant/migrations';
import { scaffoldTenant } from '../src/tenant/scaffold';
import { REPO_ROOT, gitReader, parseTenantText, resolveTenant, tenantFile, workingTreeReader, type ReadText } from '../src/tenant/source';
import { listTenantIds, validateTenant } from '../src/tenant/validate';
import { loadValidationEnv } from '../src/tenant/environment';
import { PREVIEW_ROLES } from '../src/tenant/preview-screens';

// The browser, the server and the site build load only for the verbs that use them (preview,
// shots, review): validate, lint, resolve, diff, new and migrate start without them.
const shotsModule = () => import('./tenant-shots');

const USAGE = `usage: npm run tenant -- <verb>
  validate [tenant-id|file ...] [--strict]
                                    validate every tenant, or the ones named; lint warnings
                                    are printed too, and fail the run with --strict
  lint [tenant-id|file ...] [--strict]
                                    only the warnings: overrides equal to the base, items hidden
                                    twice, labels never shown, domains served by another tenant
  resolve <tenant-id|file>          print the merged tenant
  diff <a> <b> [--json]             changes between two tenants (ids or files), in words
  diff <a> --base <git-ref> [--json] changes of a tenant since a git revision
  new <id> [--from <tenant-id>]     scaffold a valid tenant
  migrate [--write]                 lift tenant files to the current schema version
  preview [ids...] [--port <n>]     the built site with /__preview: tenants side by side in phone frames
  shots [ids...] [--out <dir>] [--compare <dir|git-ref>] [--screens a,b] [--roles a,b] [--strict]
                                    a picture per tenant x screen x role; with --compare, what changed;
                                    page checks of each (overlap, clipping, unreadable, untranslated,
                                    dead links) in words, failing the run with --strict
  review --base <git-ref> [--out <dir>] [--screens a,b] [--roles a,b] [--strict] [ids...]
                                    validate, diff each changed tenant (and the ones named) in words,
                                    shots --compare with page checks; --strict fails on a finding
  publish <id> [--message "..."] [--at <ISO date-time with offset>] [--share <1-99>]
                                    validate the tenant as the server does and make it a version:
                                    live now on every instance, at a time, or for a share of visitors
  publish <id> --promote | --abort  make the rollout live for everyone, or end it
  versions <id>                     the published versions, each with its changes in words
  rollback <id> <version>           make an earlier version live again (a new version saying so)
  cancel <id> <version>             withdraw a scheduled version
  rollout report <id>               visitors, registrations, first deposits per version, 95% intervals
                                    (publish .. rollout run where npm run ops runs: DATABASE_URL,
                                    DATA_DIR, or the server holding DATA_DIR)`;

class UsageError extends Error {}

/**
 * A verb's words through node:util's parseArgs: the options it declares (an unknown option, a
 * value missing or given to a flag is a usage error naming the option), and its positionals.
 */
function verbArgs<const T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    const { code, message } = err as { code?: string; message: string };
    const option = /'(-[^' ]+)/.exec(message)?.[1];
    if (!option) throw err;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`unknown option ${option}`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new UsageError(message.includes('does not take an argument') ? `${option} takes no value` : `${option} needs a value`);
    throw err;
  }
}

/** `validate` and `lint`: errors on stderr, warnings on stdout; `--strict` makes a warning fail the run. */
async function validate(argv: string[], lintOnly = false): Promise<number> {
  const { values, positionals: args } = verbArgs(argv, { strict: { type: 'boolean' }, 'warnings-as-errors': { type: 'boolean' } });
  const strict = Boolean(values.strict || values['warnings-as-errors']);
  const { reports, issues, warnings } = await lintTenants(args);
  for (const issue of issues) console.error(formatIssue(issue));
  for (const w of warnings) (strict ? console.error : console.log)(formatWarning(w));
  const bad = new Set(issues.map((i) => i.file));
  const counts = lintOnly ? `${warnings.length} warning(s)` : `${issues.length} error(s)${bad.size ? ` in ${[...bad].join(', ')}` : ''}, ${warnings.length} warning(s)`;
  console.log(`${reports.length} tenant(s) checked, ${counts}${strict && warnings.length ? ' (--strict: warnings fail)' : ''}`);
  if (lintOnly && issues.length) console.log(`${issues.length} validation error(s) above: run npm run tenant -- validate`);
  return issues.length || (strict && warnings.length) ? 1 : 0;
}

async function resolveVerb(argv: string[]): Promise<number> {
  const { positionals: args } = verbArgs(argv, {});
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

async function diff(argv: string[]): Promise<number> {
  const { values, positionals: args } = verbArgs(argv, { json: { type: 'boolean' }, base: { type: 'string' } });
  const { json, base } = values;
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

async function newVerb(argv: string[]): Promise<number> {
  const { values, positionals: args } = verbArgs(argv, { from: { type: 'string' } });
  const { from } = values;
  if (args.length !== 1) throw new UsageError('new takes one tenant id');
  const { file, errors } = await scaffoldTenant(args[0], from);
  for (const e of errors) console.error(e);
  if (errors.length) return 1;
  console.log(`created ${file} (domain ${args[0]}.localhost); edit it, then run: npm run tenant -- validate ${args[0]}`);
  return 0;
}

async function migrate(argv: string[]): Promise<number> {
  const { values, positionals: args } = verbArgs(argv, { write: { type: 'boolean' } });
  const write = values.write ?? false;
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

const DEFAULT_SHOTS_DIR = '.shots';

/** `--screens` and `--roles` (shots, review): comma lists. */
const SHOT_OPTIONS = { out: { type: 'string' }, screens: { type: 'string' }, roles: { type: 'string' }, strict: { type: 'boolean' } } as const;

function list(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : value.split(',').map((v) => v.trim()).filter(Boolean);
}

async function shotIds(args: string[]): Promise<string[]> {
  const known = await listTenantIds();
  const unknown = args.filter((id) => !known.includes(id));
  if (unknown.length) throw new UsageError(`unknown tenant(s) ${unknown.join(', ')} (known: ${known.join(', ')})`);
  return args.length ? args : known;
}

async function shots(argv: string[]): Promise<number> {
  const { values, positionals: args } = verbArgs(argv, { ...SHOT_OPTIONS, compare: { type: 'string' } });
  const out = values.out ?? DEFAULT_SHOTS_DIR;
  const { compare } = values;
  const screens = list(values.screens);
  const roles = list(values.roles);
  const badRole = roles?.find((r) => !(PREVIEW_ROLES as readonly string[]).includes(r));
  if (badRole) throw new UsageError(`unknown role ${badRole} (known: ${PREVIEW_ROLES.join(', ')})`);
  const { CompareError, runShots } = await shotsModule();
  let result;
  try {
    result = await runShots({ ids: await shotIds(args), out, compare, screens, roles });
  } catch (err) {
    if (err instanceof CompareError || (err as Error).message.startsWith('unknown screen')) throw new UsageError((err as Error).message);
    throw err;
  }
  for (const line of result.words) console.log(line);
  if (result.report) console.log(`report: ${result.report}`);
  const { findingWords } = await shotsModule();
  console.log('');
  console.log('## Page checks');
  for (const line of findingWords(result.checked)) console.log(line);
  const found = result.checked.some((c) => c.findings.length);
  if (found && values.strict) console.log('(--strict: page findings fail the run)');
  return found && values.strict ? 1 : 0;
}

async function preview(argv: string[]): Promise<number> {
  const { values, positionals: args } = verbArgs(argv, { port: { type: 'string' } });
  const port = Number(values.port ?? process.env.PORT ?? 8090);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port takes a port number');
  const known = await listTenantIds();
  const unknown = args.filter((id) => !known.includes(id));
  if (unknown.length) throw new UsageError(`unknown tenant(s) ${unknown.join(', ')} (known: ${known.join(', ')})`);
  const { startPreviewSite } = await import('./tenant-site');
  const site = await startPreviewSite({ ids: args, watch: true, port, framePorts: true });
  console.log(`preview: http://localhost:${site.port}/__preview (tenants reload when their files change; Ctrl-C stops)`);
  for (const id of args.length ? args : known) console.log(`  ${id}: ${site.origin(id)}/m/home (in the frames: http://localhost:${site.framePorts[id]})`);
  await new Promise<void>((done) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => done());
  });
  await site.close();
  return 0;
}

/** Tenant ids whose files changed since a revision (every tenant when _base, schemas or locales did). */
function changedTenants(base: string, known: string[]): { ids: string[]; everything: boolean } {
  const git = (...a: string[]) => execFileSync('git', a, { cwd: REPO_ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  const paths = [
    ...git('diff', '--name-only', base, '--', 'tenants', 'schemas', 'locales'),
    ...git('ls-files', '--others', '--exclude-standard', '--', 'tenants', 'schemas', 'locales'),
  ];
  const everything = paths.some((p) => !p.startsWith('tenants/') || p.startsWith('tenants/_'));
  const ids = new Set(paths.map((p) => /^tenants\/([^/_][^/]*)\//.exec(p)?.[1]).filter((id): id is string => Boolean(id)));
  return { ids: everything ? [...new Set([...known, ...ids])].sort() : [...ids].sort(), everything };
}

type RawTenant = { [key: string]: Json };

/** A tenant's own file as written (not merged with _base), or null when it is missing or not JSON. */
async function rawTenant(read: ReadText, id: string): Promise<RawTenant | null> {
  const text = await read(tenantFile(id));
  return text === null ? null : (parseTenantText(tenantFile(id), text).raw ?? null);
}

async function review(argv: string[]): Promise<number> {
  const { values, positionals: args } = verbArgs(argv, { ...SHOT_OPTIONS, base: { type: 'string' } });
  const { base } = values;
  const out = resolve(values.out ?? DEFAULT_SHOTS_DIR);
  const screens = list(values.screens);
  const roles = list(values.roles);
  if (base === undefined) throw new UsageError('review takes --base <git-ref>');
  const named = args.length ? await shotIds(args) : [];
  try {
    execFileSync('git', ['rev-parse', '--verify', '--quiet', `${base}^{commit}`], { cwd: REPO_ROOT, stdio: 'ignore' });
  } catch {
    throw new UsageError(`--base: "${base}" is not a git revision`);
  }
  const words: string[] = [`# Tenant review against ${base}`, ''];
  const say = (line: string) => {
    words.push(line);
    console.log(line);
  };
  console.log(words[0]);
  const { reports, issues, warnings } = await lintTenants([]);
  say('## Validation');
  for (const issue of issues) say(`- ${formatIssue(issue)}`);
  for (const w of warnings) say(`- ${formatWarning(w)}`);
  say(`${reports.length} tenant(s) checked, ${issues.length} error(s), ${warnings.length} warning(s)`);
  const known = await listTenantIds();
  const changed = changedTenants(base, known);
  const reviewed = [...new Set([...changed.ids, ...named])].sort();
  say('');
  say('## Changes in words');
  if (!changed.ids.length) say('no tenant changed');
  if (changed.everything) say('(shared files changed: _base, schemas or locales; every tenant is reviewed)');
  const env = await loadValidationEnv();
  const edited = new Map<string, { before: RawTenant; after: RawTenant; changes: TenantChange[] }>();
  for (const id of changed.ids) {
    say(`### ${id}`);
    if (!known.includes(id)) {
      say('- tenant removed');
      continue;
    }
    const before = await validateTenant(id, { read: gitReader(base), env });
    if (!before.resolved) {
      say(before.issues.some((i) => i.message === 'file not found') ? '- new tenant' : `- ${base}: ${before.issues.map(formatIssue).join('; ')}`);
      continue;
    }
    const after = reports.find((r) => r.id === id);
    if (!after?.resolved) {
      say('- not valid now (see the validation above)');
      continue;
    }
    const changes = diffTenants(before.resolved as never, after.resolved as never);
    if (!changes.length) say('- no differences');
    for (const c of changes) say(`- ${c.text}`);
    // Only the tenant's own file changed: each place of it can be shown alone on top of the base.
    const beforeRaw = await rawTenant(gitReader(base), id);
    const afterRaw = await rawTenant(workingTreeReader(), id);
    if (!changed.everything && beforeRaw && afterRaw) edited.set(id, { before: beforeRaw, after: afterRaw, changes });
  }
  let report: string | undefined;
  let findings = 0;
  if (issues.length) {
    say('');
    say('shots skipped: fix the validation errors first');
  } else {
    const shotsOf = reviewed.filter((id) => known.includes(id));
    say('');
    say('## Visual changes');
    if (shotsOf.length) {
      const { runShots } = await shotsModule();
      const { attributeChanges, attributionWords } = await import('./tenant-attribution');
      const result = await runShots({ ids: shotsOf, out, compare: base, screens, roles });
      for (const line of result.words) say(line);
      report = result.report;
      const { findingWords } = await shotsModule();
      say('');
      say('## Page checks');
      for (const line of findingWords(result.checked)) say(line);
      findings = result.checked.reduce((n, c) => n + c.findings.length, 0);
      if (findings && values.strict) say('(--strict: page findings fail the review)');
      const shown = [...edited].filter(([id]) => result.changes?.some((c) => c.shot.tenant === id));
      if (shown.length) {
        say('');
        say('## Which change shows where');
      }
      for (const [id, file] of shown) {
        const changedShots = result.changes!.filter((c) => c.shot.tenant === id).map((c) => c.shot);
        const attributions = await attributeChanges({ tenant: id, base, before: file.before, after: file.after, changed: changedShots, out, log: console.error });
        say(`### ${id}`);
        for (const line of attributionWords(attributions, (place) => file.changes.filter((c) => c.path === place || c.path.startsWith(`${place}.`)).map((c) => c.text))) say(line);
      }
    } else say('no visual change');
  }
  mkdirSync(out, { recursive: true });
  writeFileSync(resolve(out, 'review.md'), words.join('\n') + (report ? `\n\nreport: ${report}\n` : '\n'));
  if (report) console.log(`report: ${report}`);
  console.log(`summary: ${resolve(out, 'review.md')}`);
  return issues.length || (values.strict && findings) ? 1 : 0;
}

async function main(argv: string[]): Promise<number> {
  const [verb, ...args] = argv;
  switch (verb) {
    case 'validate':
      return validate(args);
    case 'lint':
      return validate(args, true);
    case 'resolve':
      return resolveVerb(args);
    case 'diff':
      return diff(args);
    case 'new':
      return newVerb(args);
    case 'migrate':
      return migrate(args);
    case 'preview':
      return preview(args);
    case 'shots':
      return shots(args);
    case 'review':
      return review(args);
    case 'publish':
    case 'versions':
    case 'rollback':
    case 'cancel':
    case 'rollout': {
      // Releases are the back office's (server/modules/site/ops/tenant-releases.ts): the database
      // is opened, or the server holding it asked, as by npm run ops; it exits with the verb's code.
      const { runOpsCli } = await import('./ops-cli');
      await runOpsCli(['tenant', verb, ...args]);
      return 1;
    }
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
