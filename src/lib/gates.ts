import type { Gate, InstallMode, WhiteLabelFlags } from '../generated/tenant';

/** Everything a gate may look at. Built by the app shell from startup settings and the session. */
export interface GateContext {
  flags: WhiteLabelFlags;
  settings: Record<string, unknown>;
  session: boolean;
  /** Member type of the session (customerType); null for a visitor. */
  memberType: number | null;
  hasUpline: boolean;
  /** Enabled promotion types, e.g. MISSION, REFERRAL. */
  promos: readonly string[];
  install: InstallMode;
}

/** Reads a dotted path ("mobileTemplate.mem_cen") from a settings object. */
export function readPath(source: unknown, path: string): unknown {
  let cur: unknown = source;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** Evaluates a gate; an absent gate is open. Pure: the same gate and context give the same answer. */
export function evaluateGate(gate: Gate | undefined, ctx: GateContext): boolean {
  if (!gate) return true;
  if (gate.flag !== undefined) return ctx.flags[gate.flag] === true;
  if (gate.setting !== undefined) {
    const value = readPath(ctx.settings, gate.setting.path);
    return gate.setting.equals === undefined ? Boolean(value) : value === gate.setting.equals;
  }
  if (gate.session !== undefined) return ctx.session === gate.session;
  if (gate.memberType !== undefined) {
    const { in: allowed, notIn: blocked } = gate.memberType;
    if (ctx.memberType === null) return false;
    if (allowed && !allowed.includes(ctx.memberType)) return false;
    if (blocked && blocked.includes(ctx.memberType)) return false;
    return true;
  }
  if (gate.promo !== undefined) return ctx.promos.includes(gate.promo);
  if (gate.install !== undefined) {
    if (gate.install.in) return gate.install.in.includes(ctx.install);
    const blocked: readonly InstallMode[] = gate.install.notIn ?? [];
    return !blocked.includes(ctx.install);
  }
  if (gate.hasUpline !== undefined) return ctx.hasUpline === gate.hasUpline;
  if (gate.all !== undefined) return gate.all.every((g) => evaluateGate(g, ctx));
  if (gate.any !== undefined) return gate.any.some((g) => evaluateGate(g, ctx));
  if (gate.not !== undefined) return !evaluateGate(gate.not, ctx);
  // The schema forbids an empty or unknown operator; fail closed if one slips through.
  return false;
}
