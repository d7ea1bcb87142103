// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request, type RequestOptions } from '../../src/lib/api/client';
import type { Bet, BetDetail, BetPage } from '../../src/features/records';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, location, renderForm, scriptApi, setUpFormTests, tenantWith } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const BetRecords = manifest.component;
setUpFormTests(request, <BetRecords />, () => import('./bet-records'));

const BETS = 'GET /wps/records/bets';
const CATEGORIES = 'GET /wps/game/categories';
const RANGE = { start: '2026-11-23', end: '2026-11-23', timeZone: 'Asia/Manila' };

const bet = (id: number, fields: Partial<Bet> = {}): Bet => ({
  id,
  roundId: `R-${id}`,
  gameName: 'Lucky 777',
  nodeId: '9001',
  vendor: 'INHOUSE',
  category: 'RNG',
  stake: 10,
  win: 0,
  net: -10,
  createdAt: '2026-11-23T02:05:09.000Z',
  ...fields,
});

const page = (list: Bet[], extra: Partial<BetPage> = {}): BetPage => ({
  list,
  totals: { count: 42, stake: 420, validTurnover: 400, win: 515.5, net: 95.5 },
  range: RANGE,
  ...extra,
});

const categories = (sorting: string[]) => () => ({
  sorting,
  categories: [],
  vendors: [
    { vassalage: 'INHOUSE', name: 'Sariling laro', mobileSmallIcon: '', gameTypes: ['RNG'] },
    { vassalage: 'NEONSPIN', name: 'Neon Spin', mobileSmallIcon: '', gameTypes: ['RNG'] },
  ],
});

const ty = (key: string, params: Record<string, string | number> = {}) => TY[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));

function logIn() {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 0, firstTimeLogin: false }));
  reloadSessionFromStorage();
}

const queryOf = (opts: RequestOptions) => opts.query as Record<string, unknown>;
const rowOf = (id: number) => document.querySelector(`[data-id="${id}"]`) as HTMLElement;

/**
 * A round of the in-house slot as the server answers it (stops 0, 2, 0 of server/modules/games/services/slot.ts:
 * one column per reel, above / pay line / below): two cherries from the left pay 5x.
 */
function slotDetail(): BetDetail {
  const window = [
    ['GRAPE', 'CHERRY', 'LEMON'],
    ['GRAPE', 'CHERRY', 'BAR'],
    ['BAR', 'BAR', 'CHERRY'],
  ];
  const line = ['CHERRY', 'CHERRY', 'BAR'];
  return {
    ...bet(12, { stake: 2, win: 10, net: 8 }),
    currency: 'PHP',
    balanceAfter: 108,
    outcome: { kind: 'slot', reels: window, line, multiplier: 5, paylines: [{ symbols: line, symbol: 'CHERRY', count: 2, multiplier: 5, amount: 10 }] },
  };
}

describe('bet-records', () => {
  it('loads nothing for a visitor', () => {
    const calls = scriptApi(request, { [CATEGORIES]: categories(['HOT', 'RNG']) });
    renderForm(<BetRecords />, { route: '/m/gameRecord' });
    expect(callsTo(calls, BETS)).toEqual([]);
    expect(document.querySelector('.records-skeleton')).toBeTruthy();
  });

  it("lists the bets with game, vendor, stake, win, signed net and the tenant's time, and the range's totals", async () => {
    logIn();
    const calls = scriptApi(request, {
      [CATEGORIES]: categories(['HOT', 'RNG', 'LIVE']),
      [BETS]: () => page([bet(2, { win: 25, net: 15 }), bet(1, { gameName: 'Baccarat', vendor: 'EVO', category: 'LIVE', stake: 100, win: 0, net: -100 })]),
    });
    renderForm(<BetRecords />, { route: '/m/gameRecord' });
    await waitFor(() => expect(rowOf(1)).toBeTruthy());
    expect(queryOf(callsTo(calls, BETS)[0].opts)).toEqual({ range: 'today', language: 'TY' });

    const won = rowOf(2);
    expect(won.textContent).toContain('Lucky 777');
    expect(won.textContent).toContain('INHOUSE · 2026-11-23 10:05:09');
    expect(won.querySelector('.record-row__amount--plus')?.textContent).toBe('+₱15.00');
    expect(won.textContent).toContain(ty('bet_row_stake', { amount: '₱10.00' }));
    expect(won.textContent).toContain(ty('bet_row_win', { amount: '₱25.00' }));
    expect(rowOf(1).querySelector('.record-row__amount--minus')?.textContent).toBe('-₱100.00');

    const totals = screen.getByRole('region', { name: TY.records_totals });
    const total = (key: string) => totals.querySelector(`[data-label="${key}"] dd`)?.textContent;
    expect(total('bet_totals_count')).toBe('42');
    expect(total('bet_totals_stake')).toBe('₱420.00');
    expect(total('bet_totals_valid')).toBe('₱400.00');
    expect(total('bet_totals_win')).toBe('₱515.50');
    expect(total('bet_totals_net')).toBe('+₱95.50');
  });

  it("filters by the tenant's categories (HOT left out) and keeps the choice in the address", async () => {
    logIn();
    const calls = scriptApi(request, { [CATEGORIES]: categories(['HOT', 'RNG', 'LIVE', 'FISH']), [BETS]: () => page([bet(1)]) });
    renderForm(<BetRecords />, { route: '/m/gameRecord?range=yesterday' });
    await waitFor(() => expect(rowOf(1)).toBeTruthy());
    const group = screen.getByRole('group', { name: TY.bet_categories_label });
    await waitFor(() => expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual([TY.all, TY.cat_RNG, TY.cat_LIVE, TY.cat_FISH]));

    fireEvent.click(within(group).getByRole('button', { name: TY.cat_LIVE }));
    await waitFor(() => expect(callsTo(calls, BETS)).toHaveLength(2));
    expect(queryOf(callsTo(calls, BETS)[1].opts)).toEqual({ range: 'yesterday', category: 'LIVE', language: 'TY' });
    expect(location()).toBe('/m/gameRecord?range=yesterday&category=LIVE');
  });

  it("falls back to the tenant file's categories when the menu call fails", async () => {
    logIn();
    scriptApi(request, { [CATEGORIES]: () => fail('server.error', 'unknown_error', undefined, 500), [BETS]: () => page([bet(1)]) });
    renderForm(<BetRecords />, { route: '/m/gameRecord', tenant: tenantWith((t) => (t.categories.sorting = ['HOT', 'PVP', 'INHOUSE'])) });
    await waitFor(() => expect(rowOf(1)).toBeTruthy());
    const group = screen.getByRole('group', { name: TY.bet_categories_label });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual([TY.all, TY.cat_PVP, TY.cat_INHOUSE]);
  });

  it('opens a slot round with its reels, the pay line won and every field', async () => {
    logIn();
    const calls = scriptApi(request, { [CATEGORIES]: categories(['RNG']), [BETS]: () => page([bet(12)]), 'GET /wps/records/bets/12': () => slotDetail() });
    renderForm(<BetRecords />, { route: '/m/gameRecord' });
    await waitFor(() => expect(rowOf(12)).toBeTruthy());
    fireEvent.click(within(rowOf(12)).getByRole('button'));
    const sheet = await screen.findByRole('dialog', { name: 'Lucky 777' });
    expect(location()).toBe('/m/gameRecord?bet=12');
    expect(queryOf(callsTo(calls, 'GET /wps/records/bets/12')[0].opts)).toEqual({ language: 'TY' });

    const grid = within(sheet).getByRole('table', { name: TY.bet_reels_label });
    const rows = within(grid).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const payline = within(rows[1]).getAllByRole('cell');
    expect(payline.map((cell) => cell.getAttribute('data-symbol'))).toEqual(['CHERRY', 'CHERRY', 'BAR']);
    expect(payline.map((cell) => cell.hasAttribute('data-won'))).toEqual([true, true, false]);
    expect(payline[2].textContent).toContain('BAR');
    expect(payline[0].textContent).toContain(TY.slot_symbol_cherry);
    expect(grid.querySelectorAll('[data-won]')).toHaveLength(2);
    expect(sheet.textContent).toContain(ty('bet_payline_won', { count: 2, symbol: TY.slot_symbol_cherry, multiplier: 5, amount: '₱10.00' }));

    const field = (key: string) => sheet.querySelector(`[data-label="${key}"] dd`)?.textContent ?? '';
    expect(field('bet_field_round')).toContain('R-12');
    // The vendor by its name, never its code.
    expect(field('bet_field_vendor')).toBe('Sariling laro');
    expect(field('bet_field_category')).toContain(TY.cat_RNG);
    expect(field('bet_field_stake')).toContain('₱2.00');
    expect(field('bet_field_win')).toContain('₱10.00');
    expect(field('bet_field_net')).toContain('+₱8.00');
    expect(field('bet_field_balance_after')).toContain('₱108.00');
    expect(field('bet_field_time')).toContain('2026-11-23 10:05:09');

    fireEvent.click(within(sheet).getByRole('button', { name: TY.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location()).toBe('/m/gameRecord');
  });

  it('opens the round its address names (from the account record), with the fields only for another game', async () => {
    logIn();
    scriptApi(request, {
      [CATEGORIES]: categories(['LIVE']),
      [BETS]: () => page([]),
      'GET /wps/records/bets/7': () => ({ ...bet(7, { gameName: 'Baccarat', vendor: 'EVO', category: 'LIVE' }), currency: 'PHP', outcome: { kind: 'table' } }),
    });
    renderForm(<BetRecords />, { route: '/m/gameRecord?bet=7' });
    const sheet = await screen.findByRole('dialog', { name: 'Baccarat' });
    expect(within(sheet).queryByRole('table')).toBeNull();
    expect(sheet.querySelector('[data-label="bet_field_vendor"] dd')?.textContent).toContain('EVO');
    expect(sheet.querySelector('[data-label="bet_field_balance_after"]')).toBeNull();
  });

  it('says when a round cannot be loaded and offers a retry; an empty range offers a game', async () => {
    logIn();
    let failing = true;
    scriptApi(request, {
      [CATEGORIES]: categories(['RNG']),
      [BETS]: () => page([], { totals: { count: 0, stake: 0, validTurnover: 0, win: 0, net: 0 } }),
      'GET /wps/records/bets/5': () => (failing ? fail('not.found', 'err_not_found', undefined, 404) : slotDetail()),
    });
    renderForm(<BetRecords playTo="/m/slotsCenter" />, { route: '/m/gameRecord?bet=5' });
    const sheet = await screen.findByRole('dialog');
    failing = false;
    fireEvent.click(await within(sheet).findByRole('button', { name: TY.retry }));
    expect(await within(sheet).findByRole('table', { name: TY.bet_reels_label })).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: TY.close }));
    expect((await screen.findByRole('link', { name: TY.bet_empty_action })).getAttribute('href')).toBe('/m/slotsCenter');
  });
});
