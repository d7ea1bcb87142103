/**
 * `promotions create|list|disable|enable`: operators create promotions in EN and TY (one row per
 * language sharing a code; server/services/promotions.ts), list them and turn them off or on.
 * `promotions applications|approve|reject`: the decisions on members' applications to APPLY
 * promotions (approving grants the promotion's reward into the member's reward centre, once).
 */
import { toMinor } from '../../lib/money';
import {
  APPLICATION_STATES,
  approveApplication,
  createPromotion,
  listApplications,
  listPromotionCodes,
  PROMOTION_TYPES,
  rejectApplication,
  setPromotionEnabled,
  type ApplicationState,
} from '../../services/promotions';
import { emit, formatMinor, idArg, knownOptions, positionals, refusableDone, stringOption, UsageError } from '../cli-args';
import type { OpsVerb } from '../types';

const AMOUNT = /^[0-9]{1,13}(\.[0-9]{1,2})?$/;
const MULTIPLIER = /^[0-9]{1,2}(\.[0-9]{1,2})?$/;

function amountOption(text: string | undefined, name: string): number {
  if (text === undefined) return 0;
  if (!AMOUNT.test(text)) throw new UsageError(`--${name} must be an amount with at most 2 decimals (got "${text}")`);
  return toMinor(Number(text));
}

function dateOption(text: string | undefined, name: string): Date | undefined {
  if (text === undefined) return undefined;
  const t = Date.parse(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || !Number.isFinite(t)) throw new UsageError(`--${name} must be an ISO date or time, e.g. 2026-12-01T00:00:00+08:00 (got "${text}")`);
  return new Date(t);
}

export const verbs: OpsVerb[] = [
  {
    words: ['promotions', 'create'],
    usage:
      'promotions create <merchant> <code> --type SIGN_IN|TURNOVER|MISSION|APPLY|DEPOSIT|REFERRAL|REBATE --category <TAB> --title-en "..." --title-ty "..." [--content-en "<p>...</p>"] [--content-ty "..."] [--reward <amount>] [--turnover <multiplier, default 1>] [--target <amount>] [--starts <ISO>] [--ends <ISO>] [--image <url>] [--sort N]',
    summary: 'create a promotion in English and Filipino (TY)',
    async run(ctx, args) {
      const [merchant, code] = positionals(args, ['merchant', 'code']);
      knownOptions(args, ['type', 'category', 'title-en', 'title-ty', 'content-en', 'content-ty', 'reward', 'turnover', 'target', 'starts', 'ends', 'image', 'sort']);
      const type = stringOption(args, 'type', true);
      if (!(PROMOTION_TYPES as readonly string[]).includes(type)) throw new UsageError(`--type must be one of ${PROMOTION_TYPES.join(', ')}`);
      const turnoverText = stringOption(args, 'turnover') ?? '1';
      if (!MULTIPLIER.test(turnoverText) || Number(turnoverText) > 50) throw new UsageError(`--turnover must be 0 to 50 with at most 2 decimals (got "${turnoverText}")`);
      const sortText = stringOption(args, 'sort');
      if (sortText !== undefined && !/^[0-9]{1,4}$/.test(sortText)) throw new UsageError('--sort must be 0 to 9999');
      const image = stringOption(args, 'image');
      const r = await createPromotion(ctx.app, ctx.actor, {
        merchant,
        code,
        type,
        category: stringOption(args, 'category', true),
        title: { EN: stringOption(args, 'title-en', true), TY: stringOption(args, 'title-ty', true) },
        content: { EN: stringOption(args, 'content-en') ?? '', TY: stringOption(args, 'content-ty') ?? '' },
        ...(image !== undefined ? { imageUrl: image } : {}),
        startsAt: dateOption(stringOption(args, 'starts'), 'starts'),
        endsAt: dateOption(stringOption(args, 'ends'), 'ends'),
        rewardAmount: amountOption(stringOption(args, 'reward'), 'reward'),
        turnoverMultiplier: Number(turnoverText),
        target: amountOption(stringOption(args, 'target'), 'target'),
        ...(sortText !== undefined ? { sort: Number(sortText) } : {}),
      });
      emit(ctx, { ok: true, ...r }, [`created promotion ${r.code} in ${merchant} (EN and TY, rows ${r.ids.join(', ')})`]);
      return 0;
    },
  },
  {
    words: ['promotions', 'list'],
    usage: 'promotions list <merchant>',
    summary: "list a merchant's promotions",
    async run(ctx, args) {
      const [merchant] = positionals(args, ['merchant']);
      knownOptions(args, []);
      const list = await listPromotionCodes(ctx.app, ctx.actor, merchant);
      emit(
        ctx,
        { promotions: list },
        list.length === 0
          ? ['no promotion']
          : list.map((p) => `${p.code} ${p.type} ${p.category} ${p.enabled ? 'on' : 'off'} reward ${formatMinor(p.rewardAmount)} x${p.turnoverMultiplier}${p.target ? ` target ${formatMinor(p.target)}` : ''} "${p.title}"`),
      );
      return 0;
    },
  },
  ...(['disable', 'enable'] as const).map(
    (word): OpsVerb => ({
      words: ['promotions', word],
      usage: `promotions ${word} <merchant> <code>`,
      summary: word === 'disable' ? 'take a promotion off the list (both languages)' : 'put a disabled promotion back on the list',
      async run(ctx, args) {
        const [merchant, code] = positionals(args, ['merchant', 'code']);
        knownOptions(args, []);
        const n = await setPromotionEnabled(ctx.app, ctx.actor, merchant, code, word === 'enable');
        emit(ctx, { ok: true, code, rows: n }, [`${word}d promotion ${code} in ${merchant}`]);
        return 0;
      },
    }),
  ),
  {
    words: ['promotions', 'applications'],
    usage: 'promotions applications [--merchant <merchant>] [--code <promotion>] [--state applying|rejected|issued|all] [--limit N]',
    summary: 'applications to APPLY promotions of your merchants, newest first (default: those waiting)',
    async run(ctx, args) {
      knownOptions(args, ['merchant', 'code', 'state', 'limit']);
      const state = stringOption(args, 'state') ?? 'applying';
      if (!(APPLICATION_STATES as readonly string[]).includes(state)) throw new UsageError(`--state must be one of ${APPLICATION_STATES.join(', ')}`);
      const limitText = stringOption(args, 'limit');
      if (limitText !== undefined && !/^[1-9][0-9]{0,2}$/.test(limitText)) throw new UsageError('--limit must be 1 to 200');
      const list = await listApplications(ctx.app, ctx.actor, {
        merchant: stringOption(args, 'merchant'),
        code: stringOption(args, 'code'),
        state: state as ApplicationState | 'all',
        limit: Math.min(Number(limitText ?? 50), 200),
      });
      emit(
        ctx,
        { applications: list },
        list.length === 0
          ? ['no applications']
          : list.map((a) => `${a.id}\t${a.merchantCode}\t${a.promotionCode}\t${a.username}\t${a.state}\timages:${a.imageIds.join(',') || '-'}\t${a.createdAt}\t"${a.remark}"${a.reason ? `\treason: ${a.reason}` : ''}`),
      );
      return 0;
    },
  },
  {
    words: ['promotions', 'approve'],
    usage: 'promotions approve <application id>',
    summary: "approve an application: its promotion's reward waits in the member's reward centre (once)",
    async run(ctx, args) {
      const id = idArg(args);
      if (id === null) {
        ctx.out(`usage: ${this.usage}`);
        return 2;
      }
      return refusableDone(ctx, `application ${id} approved`, () => approveApplication(ctx.app, ctx.actor, id));
    },
  },
  {
    words: ['promotions', 'reject'],
    usage: 'promotions reject <application id> --reason "..."',
    summary: 'reject an application with the reason the member reads on the promotion',
    async run(ctx, args) {
      const id = idArg(args);
      const reason = args.options.reason;
      if (id === null || typeof reason !== 'string' || !reason.trim()) {
        ctx.out(`usage: ${this.usage}`);
        return 2;
      }
      return refusableDone(ctx, `application ${id} rejected`, () => rejectApplication(ctx.app, ctx.actor, id, reason));
    },
  },
];
