/**
 * `promotions create|list|disable|enable`: operators create promotions in EN and TY (one row per
 * language sharing a code; server/modules/engagement/services/promotions.ts), list them and turn them off or on.
 * `promotions task-add|tasks|task-disable|task-enable`: the tasks of a MISSION promotion
 * (server/modules/engagement/services/missions.ts), titled in EN and TY.
 * `promotions applications|approve|reject`: the decisions on members' applications to APPLY
 * promotions (approving grants the promotion's reward into the member's reward centre, once).
 */
import { toMinor } from '../../../../src/domain/money';
import { createMissionTask, listMissionTasks, setMissionTaskEnabled, TASK_KINDS, TASK_PERIODS } from '../services/missions';
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
} from '../services/promotions';
import { emit, formatMinor, idArg, knownOptions, positionals, refusableDone, stringOption, UsageError } from '../../../ops/cli-args';
import type { OpsVerb } from '../../../ops/types';

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

function multiplierOption(text: string): number {
  if (!MULTIPLIER.test(text) || Number(text) > 50) throw new UsageError(`--turnover must be 0 to 50 with at most 2 decimals (got "${text}")`);
  return Number(text);
}

function sortOption(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[0-9]{1,4}$/.test(text)) throw new UsageError('--sort must be 0 to 9999');
  return Number(text);
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
      const turnoverMultiplier = multiplierOption(stringOption(args, 'turnover') ?? '1');
      const sort = sortOption(stringOption(args, 'sort'));
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
        turnoverMultiplier,
        target: amountOption(stringOption(args, 'target'), 'target'),
        ...(sort !== undefined ? { sort } : {}),
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
    words: ['promotions', 'task-add'],
    usage:
      'promotions task-add <merchant> <mission code> --target <amount> --title-en "..." --title-ty "..." [--kind wager] [--game-type RNG] [--period week|promotion, default week] [--points N, default 0] [--reward <amount>] [--turnover <multiplier, default 1>] [--sort N]',
    summary: 'add a task to a MISSION promotion (wager an amount on a game type in the week or the promotion), titled in English and Filipino (TY)',
    async run(ctx, args) {
      const [merchant, code] = positionals(args, ['merchant', 'code']);
      knownOptions(args, ['kind', 'game-type', 'target', 'period', 'points', 'reward', 'turnover', 'title-en', 'title-ty', 'sort']);
      const kind = stringOption(args, 'kind') ?? 'wager';
      if (!(TASK_KINDS as readonly string[]).includes(kind)) throw new UsageError(`--kind must be one of ${TASK_KINDS.join(', ')}`);
      const period = stringOption(args, 'period') ?? 'week';
      if (!(TASK_PERIODS as readonly string[]).includes(period)) throw new UsageError(`--period must be one of ${TASK_PERIODS.join(', ')}`);
      const pointsText = stringOption(args, 'points') ?? '0';
      if (!/^[0-9]{1,7}$/.test(pointsText)) throw new UsageError(`--points must be a whole number (got "${pointsText}")`);
      const gameType = stringOption(args, 'game-type');
      const sort = sortOption(stringOption(args, 'sort'));
      const r = await createMissionTask(ctx.app, ctx.actor, {
        merchant,
        code,
        kind,
        ...(gameType !== undefined ? { gameType } : {}),
        target: amountOption(stringOption(args, 'target', true), 'target'),
        period,
        points: Number(pointsText),
        rewardAmount: amountOption(stringOption(args, 'reward'), 'reward'),
        turnoverMultiplier: multiplierOption(stringOption(args, 'turnover') ?? '1'),
        title: { EN: stringOption(args, 'title-en', true), TY: stringOption(args, 'title-ty', true) },
        ...(sort !== undefined ? { sort } : {}),
      });
      emit(ctx, { ok: true, id: r.id, code }, [`added task ${r.id} to mission ${code} in ${merchant}`]);
      return 0;
    },
  },
  {
    words: ['promotions', 'tasks'],
    usage: 'promotions tasks <merchant> <mission code>',
    summary: "list a mission's tasks",
    async run(ctx, args) {
      const [merchant, code] = positionals(args, ['merchant', 'code']);
      knownOptions(args, []);
      const list = await listMissionTasks(ctx.app, ctx.actor, merchant, code);
      emit(
        ctx,
        {
          tasks: list.map((t) => ({
            id: t.id,
            kind: t.kind,
            gameType: t.gameType,
            target: t.target,
            period: t.period,
            points: t.points,
            rewardAmount: t.rewardAmount,
            turnoverMultiplier: Number(t.turnoverMultiplier),
            titleEn: t.titleEn,
            titleTy: t.titleTy,
            enabled: t.enabled,
          })),
        },
        list.length === 0
          ? ['no task']
          : list.map(
              (t) =>
                `${t.id} ${t.kind} ${t.gameType ?? 'any'} target ${formatMinor(t.target)} per ${t.period} ${t.points} points reward ${formatMinor(t.rewardAmount)} x${Number(t.turnoverMultiplier)} ${t.enabled ? 'on' : 'off'} "${t.titleEn}" / "${t.titleTy}"`,
            ),
      );
      return 0;
    },
  },
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
  ...(['disable', 'enable'] as const).map(
    (word): OpsVerb => ({
      words: ['promotions', `task-${word}`],
      usage: `promotions task-${word} <merchant> <task id>`,
      summary: word === 'disable' ? 'hide a mission task from members (claims stay)' : 'show a disabled mission task again',
      async run(ctx, args) {
        const [merchant, idText] = positionals(args, ['merchant', 'task id']);
        knownOptions(args, []);
        if (!/^[1-9][0-9]{0,15}$/.test(idText)) throw new UsageError(`<task id> must be a number (got "${idText}")`);
        await setMissionTaskEnabled(ctx.app, ctx.actor, merchant, Number(idText), word === 'enable');
        emit(ctx, { ok: true, id: Number(idText) }, [`${word}d task ${idText} in ${merchant}`]);
        return 0;
      },
    }),
  ),
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
