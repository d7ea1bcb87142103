/**
 * `tenant publish|versions|rollback|cancel|rollout report`: tenant releases
 * (server/modules/site/services/tenant-releases.ts). `npm run tenant -- <verb>` runs these too,
 * wherever `npm run ops` would (in this process, or through the server holding the PGlite folder).
 */
import { cancelVersion, endRollout, listVersions, publishTenant, rollbackTenant, rolloutReport, TenantInvalid, type VersionView } from '../services/tenant-releases';
import { emit, knownOptions, positionals, stringOption, UsageError } from '../../../ops/cli-args';
import type { OpsArgs, OpsContext, OpsVerb } from '../../../ops/types';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

function versionArg(text: string): number {
  if (!/^[1-9][0-9]{0,8}$/.test(text)) throw new UsageError(`<version> must be a version number (got "${text}")`);
  return Number(text);
}

/** One line per version, then its changes in words. */
function versionLines(v: VersionView): string[] {
  const when = v.status === 'pending' ? ` goes live ${v.goLiveAt}` : v.liveAt ? ` live since ${v.liveAt}` : '';
  const share = v.share !== null ? ` to ${v.share}% of visitors` : '';
  const restores = v.rolledBackFrom !== null ? ` (restores version ${v.rolledBackFrom})` : '';
  const message = v.message ? `  "${v.message}"` : '';
  return [`${v.tenant} version ${v.version}  ${v.status}  ${v.kind}${share}${restores}${when}  by ${v.author} at ${v.createdAt}  ${v.hash.slice(0, 12)}${message}`, ...v.changes.map((c) => `  - ${c}`)];
}

const PERCENT = new Intl.NumberFormat('en', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
const percent = (x: number) => PERCENT.format(x);

async function publishVerb(ctx: OpsContext, args: OpsArgs): Promise<number> {
  const [tenant] = positionals(args, ['tenant-id']);
  knownOptions(args, ['message', 'at', 'share', 'promote', 'abort']);
  const ending = [args.options.promote, args.options.abort].filter((o) => o !== undefined);
  if (ending.length) {
    if (ending.length > 1 || Object.keys(args.options).length > 1) throw new UsageError('--promote and --abort take no other option');
    const v = await endRollout(ctx.app, ctx.actor, tenant, args.options.promote !== undefined);
    emit(ctx, { ok: true, version: v }, [args.options.promote !== undefined ? `version ${v.version} of ${tenant} is live for every visitor` : `rollout of version ${v.version} of ${tenant} ended; version served before it serves everyone`]);
    return 0;
  }
  const atText = stringOption(args, 'at');
  if (atText !== undefined && !(ISO.test(atText) && Number.isFinite(Date.parse(atText)))) {
    throw new UsageError(`--at must be an ISO date-time with its offset, e.g. 2026-12-31T00:00:00+08:00 (got "${atText}")`);
  }
  const shareText = stringOption(args, 'share');
  if (shareText !== undefined && !/^[1-9][0-9]?$/.test(shareText)) throw new UsageError(`--share must be a whole percentage from 1 to 99 (got "${shareText}")`);
  try {
    const v = await publishTenant(ctx.app, ctx.actor, {
      tenant,
      message: stringOption(args, 'message'),
      at: atText === undefined ? undefined : new Date(atText),
      share: shareText === undefined ? undefined : Number(shareText),
    });
    const said = v.status === 'pending' ? `scheduled version ${v.version} of ${tenant}: live at ${v.goLiveAt}` : v.status === 'rollout' ? `version ${v.version} of ${tenant} rolled out to ${v.share}% of visitors` : `published version ${v.version} of ${tenant}: live now`;
    emit(ctx, { ok: true, version: v }, [said, ...v.changes.map((c) => `- ${c}`)]);
    return 0;
  } catch (err) {
    if (!(err instanceof TenantInvalid)) throw err;
    // The lines of `tenant validate`; nothing was written.
    if (ctx.json) ctx.out(JSON.stringify({ ok: false, errorCode: err.code, lines: err.lines }));
    else for (const line of err.lines) (ctx.err ?? ctx.out)(line);
    (ctx.err ?? ctx.out)(`${tenant} not published: ${err.lines.length} error(s); nothing changed`);
    return 1;
  }
}

export const verbs: OpsVerb[] = [
  {
    words: ['tenant', 'publish'],
    usage: 'tenant publish <tenant-id> [--message "..."] [--at <ISO date-time>] [--share <1-99>] | --promote | --abort',
    summary: 'validate the tenant file and make it a version: live now, at a time, or for a share of visitors; --promote/--abort end a rollout',
    run: publishVerb,
  },
  {
    words: ['tenant', 'versions'],
    usage: 'tenant versions <tenant-id>',
    summary: "a tenant's published versions, newest first, each with its changes in words",
    async run(ctx, args) {
      const [tenant] = positionals(args, ['tenant-id']);
      knownOptions(args, []);
      const list = await listVersions(ctx.app, ctx.actor, tenant);
      emit(ctx, { ok: true, list }, list.length ? list.flatMap(versionLines) : [`${tenant} has no published version (its tenant file is served)`]);
      return 0;
    },
  },
  {
    words: ['tenant', 'rollback'],
    usage: 'tenant rollback <tenant-id> <version>',
    summary: 'make an earlier version live again (as a new version that says so)',
    async run(ctx, args) {
      const [tenant, version] = positionals(args, ['tenant-id', 'version']);
      knownOptions(args, []);
      const v = await rollbackTenant(ctx.app, ctx.actor, tenant, versionArg(version));
      emit(ctx, { ok: true, version: v }, [`version ${v.version} of ${tenant} restores version ${v.rolledBackFrom}: live now`, ...v.changes.map((c) => `- ${c}`)]);
      return 0;
    },
  },
  {
    words: ['tenant', 'cancel'],
    usage: 'tenant cancel <tenant-id> <version>',
    summary: 'withdraw a scheduled version before its time',
    async run(ctx, args) {
      const [tenant, version] = positionals(args, ['tenant-id', 'version']);
      knownOptions(args, []);
      const v = await cancelVersion(ctx.app, ctx.actor, tenant, versionArg(version));
      emit(ctx, { ok: true, version: v }, [`cancelled version ${v.version} of ${tenant} (was to go live ${v.goLiveAt})`]);
      return 0;
    },
  },
  {
    words: ['tenant', 'rollout', 'report'],
    usage: 'tenant rollout report <tenant-id>',
    summary: 'per version of the rollout: visitors, registrations, first deposits, conversion with a 95% interval',
    async run(ctx, args) {
      const [tenant] = positionals(args, ['tenant-id']);
      knownOptions(args, []);
      const report = await rolloutReport(ctx.app, ctx.actor, tenant);
      const name = (v: number) => (v === 0 ? 'tenant file' : `version ${v}`);
      emit(ctx, { ok: true, ...report }, [
        `rollout of ${tenant} since ${report.since}`,
        ...report.lines.map(
          (l) =>
            `${name(l.version)} (${l.status}): ${l.visitors} visitors, ${l.registrations} registrations (${percent(l.registrationRate)}, 95% ${percent(l.registrationInterval[0])}-${percent(l.registrationInterval[1])}), ` +
            `${l.firstDeposits} first deposits (${percent(l.depositRate)}, 95% ${percent(l.depositInterval[0])}-${percent(l.depositInterval[1])})`,
        ),
      ]);
      return 0;
    },
  },
];
