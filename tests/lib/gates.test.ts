import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluateGate, readPath, type GateContext } from '../../src/lib/gates';
import type { Gate, WhiteLabelFlags, WidgetNode } from '../../src/generated/tenant';
import { ROUTES, routeFor, type RouteDef } from '../../src/lib/routes';

const base = JSON.parse(readFileSync(new URL('../../tenants/_base/tenant.json', import.meta.url), 'utf8'));

function itemsOf(screen: string, slot: string): Record<string, WidgetNode> {
  const container = Object.values(base.screens[screen].slots[slot].items)[0] as WidgetNode;
  return container.children!.items as Record<string, WidgetNode>;
}

const list = itemsOf('mine', 'list');
const tiles = itemsOf('mine', 'tiles');

const member = (over: Partial<GateContext> = {}): GateContext => ({
  flags: {},
  settings: { vipBenefit: true, mobileTemplate: { mem_cen: '0' } },
  session: true,
  memberType: 1,
  hasUpline: false,
  promos: [],
  install: 'browser',
  ...over,
});

const open = (id: string, ctx: GateContext, items = list): boolean => evaluateGate(items[id].gate, ctx);

describe('evaluateGate operators', () => {
  it('an absent gate is open', () => expect(evaluateGate(undefined, member())).toBe(true));
  it('flag: on only when true', () => {
    expect(evaluateGate({ flag: 'MAILCEN' }, member({ flags: { MAILCEN: true } }))).toBe(true);
    expect(evaluateGate({ flag: 'MAILCEN' }, member({ flags: { MAILCEN: false } }))).toBe(false);
    expect(evaluateGate({ flag: 'MAILCEN' }, member())).toBe(false);
  });
  it('setting: truthy, or equal to a value', () => {
    const ctx = member();
    expect(evaluateGate({ setting: { path: 'vipBenefit' } }, ctx)).toBe(true);
    expect(evaluateGate({ setting: { path: 'mobileTemplate.mem_cen', equals: '1' } }, ctx)).toBe(false);
    expect(evaluateGate({ setting: { path: 'mobileTemplate.mem_cen', equals: '0' } }, ctx)).toBe(true);
    expect(evaluateGate({ setting: { path: 'missing.path' } }, ctx)).toBe(false);
  });
  it('session: logged in or visitor', () => {
    expect(evaluateGate({ session: true }, member())).toBe(true);
    expect(evaluateGate({ session: false }, member())).toBe(false);
    expect(evaluateGate({ session: false }, member({ session: false, memberType: null }))).toBe(true);
  });
  it('memberType in / notIn; a visitor has no type', () => {
    expect(evaluateGate({ memberType: { in: [1, 2] } }, member())).toBe(true);
    expect(evaluateGate({ memberType: { in: [2] } }, member())).toBe(false);
    expect(evaluateGate({ memberType: { notIn: [0, 4, 40] } }, member({ memberType: 4 }))).toBe(false);
    expect(evaluateGate({ memberType: { notIn: [0, 4, 40] } }, member({ memberType: null, session: false }))).toBe(false);
  });
  it('promo, install, hasUpline', () => {
    expect(evaluateGate({ promo: 'MISSION' }, member({ promos: ['MISSION'] }))).toBe(true);
    expect(evaluateGate({ promo: 'MISSION' }, member({ promos: ['REFERRAL'] }))).toBe(false);
    expect(evaluateGate({ install: { in: ['app'] } }, member({ install: 'app' }))).toBe(true);
    expect(evaluateGate({ install: { notIn: ['app', 'pwa'] } }, member({ install: 'pwa' }))).toBe(false);
    expect(evaluateGate({ install: { notIn: ['app', 'pwa'] } }, member({ install: 'browser' }))).toBe(true);
    expect(evaluateGate({ hasUpline: true }, member({ hasUpline: true }))).toBe(true);
    expect(evaluateGate({ hasUpline: true }, member())).toBe(false);
  });
  it('all, any, not', () => {
    const on: Gate = { session: true };
    const off: Gate = { session: false };
    expect(evaluateGate({ all: [on, on] }, member())).toBe(true);
    expect(evaluateGate({ all: [on, off] }, member())).toBe(false);
    expect(evaluateGate({ any: [off, on] }, member())).toBe(true);
    expect(evaluateGate({ any: [off, off] }, member())).toBe(false);
    expect(evaluateGate({ not: off }, member())).toBe(true);
    expect(evaluateGate({ not: { not: on } }, member())).toBe(true);
  });
  it('an empty or unknown operator fails closed', () => {
    expect(evaluateGate({} as Gate, member())).toBe(false);
    expect(evaluateGate({ flg: 'MAILCEN' } as unknown as Gate, member())).toBe(false);
  });
  it('readPath walks dotted settings', () => {
    expect(readPath({ a: { b: { c: 3 } } }, 'a.b.c')).toBe(3);
    expect(readPath({ a: 1 }, 'a.b')).toBeUndefined();
  });
});

// Spec section 2, "Member centre", list items and their gates, as the _base tenant writes them.
const flagRows: [string, keyof WhiteLabelFlags][] = [
  ['rewardCenter', 'REWCEN3'],
  ['vouReport', 'DEPRECM3'],
  ['withdrawReport', 'WITHREC3'],
  ['transactionRecord', 'TRANSREC3'],
  ['gameRecord', 'TRANSBETREPMEM3'],
  ['profitandloss', 'PERSREP'],
  ['manualRebate', 'MANPLAYREB3'],
  ['rebateReport', 'PLYRBT'],
  ['webEmail', 'MAILCEN'],
  ['feedback', 'FEEDBACK3'],
];

describe('member-centre gate table of the _base tenant', () => {
  it('lists the spec items in the spec order', () => {
    const container = Object.values(base.screens.mine.slots.list.items)[0] as WidgetNode;
    expect(container.children!.order).toEqual([
      'rewardCenter', 'referral', 'agent', 'vouReport', 'withdrawReport', 'transactionRecord', 'gameRecord',
      'profitandloss', 'uplineTransfer', 'manualRebate', 'leaderBoard', 'rebateReport', 'webEmail', 'onlineService',
      'download', 'feedback', 'responsibleGaming',
    ]);
  });

  it.each(flagRows)('%s shows exactly when flag %s is on', (id, flag) => {
    expect(open(id, member({ flags: { [flag]: true } }))).toBe(true);
    expect(open(id, member({ flags: { [flag]: false } }))).toBe(false);
    // Another flag does not open it.
    const other = flag === 'MAILCEN' ? 'REWCEN3' : 'MAILCEN';
    expect(open(id, member({ flags: { [other]: true } }))).toBe(false);
  });

  it('referral and online service always show', () => {
    for (const id of ['referral', 'onlineService']) {
      expect(open(id, member())).toBe(true);
      expect(open(id, member({ session: false, memberType: null }))).toBe(true);
    }
  });

  it.each([0, 4, 40])('agency is hidden for member type %i', (type) => {
    expect(open('agent', member({ memberType: type }))).toBe(false);
  });

  it.each([1, 2, 3, 41, 42])('agency shows for member type %i', (type) => {
    expect(open('agent', member({ memberType: type }))).toBe(true);
  });

  it('upline transfer needs AGETRANSFERUP3, an upline and a type other than 2', () => {
    const on = { AGETRANSFERUP3: true };
    expect(open('uplineTransfer', member({ flags: on, hasUpline: true, memberType: 1 }))).toBe(true);
    expect(open('uplineTransfer', member({ flags: on, hasUpline: true, memberType: 2 }))).toBe(false);
    expect(open('uplineTransfer', member({ flags: on, hasUpline: false, memberType: 1 }))).toBe(false);
    expect(open('uplineTransfer', member({ flags: {}, hasUpline: true, memberType: 1 }))).toBe(false);
  });

  it('mission activity needs the MISSION promotion', () => {
    expect(open('leaderBoard', member({ promos: ['MISSION'] }))).toBe(true);
    expect(open('leaderBoard', member({ promos: ['REFERRAL'] }))).toBe(false);
  });

  it('the download item hides only in the app', () => {
    expect(open('download', member({ install: 'browser' }))).toBe(true);
    expect(open('download', member({ install: 'pwa' }))).toBe(true);
    expect(open('download', member({ install: 'app' }))).toBe(false);
  });

  it('tiles: VIP follows the VIP-benefit setting; download hides in app, home-screen and PWA modes', () => {
    expect(open('vip', member(), tiles)).toBe(true);
    expect(open('vip', member({ settings: { vipBenefit: false } }), tiles)).toBe(false);
    expect(open('download', member({ install: 'browser' }), tiles)).toBe(true);
    for (const install of ['app', 'webclip', 'pwa'] as const) expect(open('download', member({ install }), tiles)).toBe(false);
    for (const id of ['deposit', 'securityCenter']) expect(open(id, member(), tiles)).toBe(true);
    // The record tiles follow the flags of their routes: a tile never leads to a closed route.
    expect(open('gameRecord', member(), tiles)).toBe(false);
    expect(open('gameRecord', member({ flags: { TRANSBETREPMEM3: true } }), tiles)).toBe(true);
    expect(open('transactionRecord', member(), tiles)).toBe(false);
    expect(open('transactionRecord', member({ flags: { TRANSREC3: true } }), tiles)).toBe(true);
  });
});

/** Every node of the _base tenant's screens, with its JSON pointer. */
function* nodesOf(value: unknown, ptr = ''): Generator<{ ptr: string; node: WidgetNode }> {
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  if (typeof record.widget === 'string') yield { ptr, node: record as unknown as WidgetNode };
  for (const [key, child] of Object.entries(record)) yield* nodesOf(child, `${ptr}/${key}`);
}

/** The flags a gate requires whatever else holds: its own flag and those of its `all` parts. */
function requiredFlags(gate: Gate | undefined): string[] {
  if (!gate) return [];
  return [...(gate.flag ? [gate.flag] : []), ...(gate.all ?? []).flatMap(requiredFlags)];
}

/** The promotion types a gate requires whatever else holds, as requiredFlags. */
function requiredPromos(gate: Gate | undefined): string[] {
  if (!gate) return [];
  return [...(gate.promo ? [gate.promo] : []), ...(gate.all ?? []).flatMap(requiredPromos)];
}

describe('links of the _base tenant to routes behind a flag', () => {
  it('show only when that flag is on, so none leads to a route that sends the member home', () => {
    const gated = (ROUTES as readonly RouteDef[]).filter((r) => r.gate?.flag !== undefined || r.gate?.promo !== undefined);
    expect(gated.map((r) => [r.path, r.gate?.flag ?? r.gate?.promo])).toEqual([
      ['/m/webEmail', 'MAILCEN'],
      ['/m/rewardCenter', 'REWCEN3'],
      ['/m/vouReport', 'DEPRECM3'],
      ['/m/withdrawReport', 'WITHREC3'],
      ['/m/transaction/record', 'TRANSREC3'],
      ['/m/gameRecord', 'TRANSBETREPMEM3'],
      ['/m/profitandloss', 'PERSREP'],
      ['/m/upLine/transfer', 'AGETRANSFERUP3'],
      ['/m/member/manualRebate', 'MANPLAYREB3'],
      ['/m/member/rebateReport', 'PLYRBT'],
      ['/m/leaderBoard', 'MISSION'],
      ['/m/feedback', 'FEEDBACK3'],
    ]);
    let links = 0;
    let promoLinks = 0;
    for (const { ptr, node } of nodesOf(base.screens, '/screens')) {
      const to = (node.props as { to?: unknown } | undefined)?.to;
      if (node.widget !== 'nav-item' || typeof to !== 'string') continue;
      const gate = routeFor(to)?.gate;
      if (gate?.promo) {
        promoLinks += 1;
        expect(requiredPromos(node.gate), ptr).toContain(gate.promo);
      }
      const flag = gate?.flag;
      if (!flag) continue;
      links += 1;
      expect(requiredFlags(node.gate), ptr).toContain(flag);
    }
    // The member-centre list's mission activity.
    expect(promoLinks).toBe(1);
    // The member-centre list (8 money entries, the reward, message and feedback centres), its record tiles (2),
    // the home quick buttons to cash back and the reward centre, and the agent grid's message centre.
    expect(links).toBe(16);
  });
});

/** The settings a gate requires whatever else holds: its own setting and those of its `all` parts. */
function requiredSettings(gate: Gate | undefined): string[] {
  if (!gate) return [];
  return [...(gate.setting ? [gate.setting.path] : []), ...(gate.all ?? []).flatMap(requiredSettings)];
}

describe('links of the _base tenant to routes behind a setting', () => {
  it('show only when that setting is on: the VIP benefits page and its tile follow vipBenefit, the dividend pages and the agent grid follow dividend', () => {
    const gated = (ROUTES as readonly RouteDef[]).filter((r) => r.gate?.setting !== undefined);
    expect(gated.map((r) => [r.path, r.gate?.setting])).toEqual([
      ['/m/member/benefits', 'vipBenefit'],
      ['/m/member/agent/agentDivident', 'dividend'],
      ['/m/member/agent/getDevidendContract', 'dividend'],
    ]);
    let links = 0;
    for (const { ptr, node } of nodesOf(base.screens, '/screens')) {
      const to = (node.props as { to?: unknown } | undefined)?.to;
      if (node.widget !== 'nav-item' || typeof to !== 'string') continue;
      const setting = routeFor(to)?.gate?.setting;
      if (!setting) continue;
      links += 1;
      expect(requiredSettings(node.gate), ptr).toContain(setting);
    }
    // The member centre's VIP tile and the agent grid's dividend item.
    expect(links).toBe(2);
  });
});

describe('agent home rules', () => {
  const grid = itemsOf('agent', 'grid');
  it('dividend shows only when enabled', () => {
    expect(evaluateGate(grid.agentDivident.gate, member({ settings: { dividend: true } }))).toBe(true);
    expect(evaluateGate(grid.agentDivident.gate, member({ settings: { dividend: false } }))).toBe(false);
  });
  it('the salary and hourly contract pages show when their contracts are on, and never to agent-like types (41, 42)', () => {
    for (const [id, kind] of [
      ['getSalaryContract', 'salary'],
      ['getHourContract', 'hourly'],
    ] as const) {
      const settings = (enabled: boolean) => ({ agentContracts: { [kind]: { enabled, maxAmount: 10 } } });
      expect(evaluateGate(grid[id].gate, member({ settings: settings(true) })), id).toBe(true);
      expect(evaluateGate(grid[id].gate, member({ settings: settings(false) })), id).toBe(false);
      expect(evaluateGate(grid[id].gate, member({ settings: {} })), id).toBe(false);
      for (const memberType of [41, 42]) expect(evaluateGate(grid[id].gate, member({ settings: settings(true), memberType })), `${id} ${memberType}`).toBe(false);
      // The grid links the route the tenant declares, under the same title.
      const route = routeFor((grid[id].props as { to: string }).to);
      expect(route?.title).toBe((grid[id].props as { label: string }).label);
    }
  });
  it('customer service always shows and has no whitelist key', () => {
    expect(grid.onlineService.gate).toBeUndefined();
    expect((grid.onlineService.props as { menuKey?: string }).menuKey).toBeUndefined();
  });
  it('every other grid item carries an agent menu whitelist key that _base allows', () => {
    for (const [id, node] of Object.entries(grid)) {
      if (id === 'onlineService') continue;
      const key = (node.props as { menuKey?: string }).menuKey;
      expect(key, id).toBeTruthy();
      expect(base.agentMenu.whitelist).toContain(key);
    }
  });
});
