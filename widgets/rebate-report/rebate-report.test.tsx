// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/lib/api/client';
import type { RebateReport, RebateReportRow } from '../../src/features/records';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, renderForm, scriptApi, setUpFormTests, type Handler } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const Report = manifest.component;
setUpFormTests(request, <Report />, () => import('./rebate-report'));

const REPORT = 'GET /wps/rebates/report';

const ROWS: RebateReportRow[] = [
  { day: '2026-11-23', gameType: 'RNG', validTurnover: 250, amount: 2, manual: 2, auto: 0, claims: 1 },
  { day: '2026-11-23', gameType: 'FISH', validTurnover: 300, amount: 1.8, manual: 1.8, auto: 0, claims: 1 },
  { day: '2026-11-20', gameType: 'RNG', validTurnover: 400, amount: 3.2, manual: 0, auto: 3.2, claims: 1 },
];
const TOTALS = { validTurnover: 950, amount: 7, manual: 3.8, auto: 3.2, claims: 2 };

function page(rows: RebateReportRow[], nextCursor?: string, range = { start: '2026-11-17', end: '2026-11-23', timeZone: 'Asia/Manila' }): RebateReport {
  return { range, list: rows, totals: TOTALS, currency: 'PHP', ...(nextCursor ? { nextCursor } : {}) };
}

async function setup(handlers: Record<string, Handler> = {}) {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 0, firstTimeLogin: false }));
  reloadSessionFromStorage();
  const calls = scriptApi(request, { [REPORT]: (opts) => ((opts.query as { cursor?: string }).cursor ? page(ROWS.slice(2)) : page(ROWS.slice(0, 2), 'c2')), ...handlers });
  renderForm(<Report />, { route: '/m/member/rebateReport' });
  await screen.findByRole('list', { name: TY.rebate_report });
  return calls;
}

const totalOf = (label: string) => document.querySelector(`.totals-strip__item[data-label="${label}"] dd`)?.textContent;

describe('rebate-report', () => {
  it('asks a visitor to log in and loads nothing', () => {
    const calls = scriptApi(request, {});
    renderForm(<Report />, { route: '/m/member/rebateReport' });
    expect(screen.getByText(TY.rebate_report_login_first)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows the range\'s totals and the rows by day and game type, with who paid them', async () => {
    const calls = await setup();
    expect(callsTo(calls, REPORT)[0].opts.query).toEqual({ range: 'today', pageSize: 20 });
    expect(totalOf('rebate_total_amount')).toBe('₱7.00');
    expect(totalOf('rebate_total_turnover')).toBe('₱950.00');
    expect(totalOf('rebate_total_claimed')).toBe('₱3.80');
    expect(totalOf('rebate_total_auto')).toBe('₱3.20');
    expect(totalOf('rebate_total_count')).toBe('2');
    const list = screen.getByRole('list', { name: TY.rebate_report });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => [i.dataset.day, i.dataset.gameType])).toEqual([
      ['2026-11-23', 'RNG'],
      ['2026-11-23', 'FISH'],
    ]);
    // The day heads its first row only.
    expect(within(items[0]).getByRole('heading').textContent).toBe('2026-11-23');
    expect(within(items[1]).queryByRole('heading')).toBeNull();
    expect(items[0].textContent).toContain(TY.cat_RNG);
    expect(items[0].textContent).toContain('+₱2.00');
    expect(items[0].textContent).toContain(TY.rebate_report_turnover.replace('{{amount}}', '₱250.00'));
    expect(items[0].textContent).toContain(TY.rebate_report_claimed);
  });

  it('loads the next page with the cursor and starts a new day there', async () => {
    const calls = await setup();
    fireEvent.click(screen.getByRole('button', { name: TY.records_load_more }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: TY.rebate_report })).getAllByRole('listitem')).toHaveLength(3));
    expect(callsTo(calls, REPORT)[1].opts.query).toEqual({ range: 'today', pageSize: 20, cursor: 'c2' });
    const last = within(screen.getByRole('list', { name: TY.rebate_report })).getAllByRole('listitem')[2];
    expect(within(last).getByRole('heading').textContent).toBe('2026-11-20');
    expect(last.textContent).toContain(TY.rebate_report_auto);
    expect(screen.getByText(TY.no_more)).toBeTruthy();
  });

  it('asks again from the first page for another range', async () => {
    const calls = await setup();
    fireEvent.click(screen.getByRole('button', { name: TY.range_7d }));
    await waitFor(() => expect(callsTo(calls, REPORT).some((c) => (c.opts.query as { range?: string }).range === '7d')).toBe(true));
    const asked = callsTo(calls, REPORT).find((c) => (c.opts.query as { range?: string }).range === '7d')!;
    expect(asked.opts.query).toEqual({ range: '7d', pageSize: 20 });
  });

  it('says so when the range has no rebates', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 0, firstTimeLogin: false }));
    reloadSessionFromStorage();
    scriptApi(request, { [REPORT]: () => ({ ...page([]), totals: { validTurnover: 0, amount: 0, manual: 0, auto: 0, claims: 0 } }) });
    renderForm(<Report />, { route: '/m/member/rebateReport' });
    expect(await screen.findByText(TY.records_empty)).toBeTruthy();
  });
});
