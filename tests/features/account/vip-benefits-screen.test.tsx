// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/client', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, request: vi.fn() };
});

import { request } from '../../../src/lib/api/client';
import { TY } from '../../renderer/harness';
import { memberApi, renderApp, repoTenant, resetSession, scriptApi, storeSession, tenantWithBaseScreens } from '../../app/helpers';

const requestMock = vi.mocked(request);

const benefits = (dailyWithdrawalLimit: number, rebateBonusPercent: number, birthdayBonus: number) => ({ dailyWithdrawalLimit, rebateBonusPercent, birthdayBonus });
const LEVELS = [
  { level: 0, name: 'vip_level_regular', minTurnover: 0, minDeposit: 0, upgradeBonus: 0, turnoverMultiplier: 1, benefits: benefits(50_000, 0, 0) },
  { level: 1, name: 'vip_level_bronze', minTurnover: 100, minDeposit: 1000, upgradeBonus: 18, turnoverMultiplier: 1, benefits: benefits(100_000, 0.1, 58) },
  { level: 2, name: 'vip_level_silver', minTurnover: 50_000, minDeposit: 10_000, upgradeBonus: 88, turnoverMultiplier: 1, benefits: benefits(200_000, 0.2, 188) },
];

const STATUS = {
  level: 1,
  name: 'vip_level_bronze',
  turnover: 12_500,
  deposit: 1500,
  next: { level: 2, name: 'vip_level_silver', turnover: { reached: 12_500, required: 50_000 }, deposit: { reached: 1500, required: 10_000 } },
  levels: LEVELS,
  currency: 'PHP',
};

const title = (level: number, name: string) => TY.vip_level_title.replace('{{level}}', String(level)).replace('{{name}}', name);

// The widget's chunk compiles on first use: load it before the renders wait for it.
beforeAll(async () => {
  await import('../../../widgets/vip-benefits/vip-benefits');
});

afterEach(() => {
  cleanup();
  resetSession();
  requestMock.mockReset();
});

describe('VIP benefits screen (/m/member/benefits)', () => {
  it('the base tenant lays it out with the vip-benefits widget: level, progress, table', () => {
    const base = repoTenant('_base');
    expect(base.screens.benefits?.slots.main.items.vip).toEqual({ widget: 'vip-benefits', props: { sections: ['level', 'progress', 'table'] } });
    expect(base.settings.vipBenefit).toBe(true);
  });

  it('shows the member’s level, the progress to the next level with amounts, and the levels table', async () => {
    scriptApi(requestMock, memberApi({ 'GET /wps/member/vip': () => STATUS }));
    storeSession();
    renderApp('/m/member/benefits', { tenant: tenantWithBaseScreens() });
    const level = await screen.findByTestId('vip-level');
    expect(level.textContent).toContain(TY.vip_current_level);
    expect(level.textContent).toContain(title(1, TY.vip_level_bronze));

    const progress = screen.getByTestId('vip-progress');
    expect(within(progress).getByRole('heading', { level: 2 }).textContent).toBe(TY.vip_next_level.replace('{{level}}', '2').replace('{{name}}', TY.vip_level_silver));
    const turnover = within(progress).getByRole('progressbar', { name: TY.vip_progress_turnover }) as HTMLProgressElement;
    expect([turnover.value, turnover.max]).toEqual([12_500, 50_000]);
    const deposit = within(progress).getByRole('progressbar', { name: TY.vip_progress_deposit }) as HTMLProgressElement;
    expect([deposit.value, deposit.max]).toEqual([1500, 10_000]);
    expect(within(progress).getAllByTestId('vip-amounts').map((e) => e.textContent)).toEqual(['₱12,500.00 / ₱50,000.00', '₱1,500.00 / ₱10,000.00']);

    const table = within(screen.getByTestId('vip-table')).getByRole('table', { name: TY.vip_table_title });
    // Seven columns do not fit a phone: the table scrolls in its own focusable region, and says so.
    expect(screen.getByTestId('vip-scroll-hint').textContent).toBe(TY.vip_table_scroll_hint);
    const scroller = screen.getByRole('region', { name: TY.vip_table_title });
    expect(scroller.contains(table)).toBe(true);
    expect(scroller.getAttribute('tabindex')).toBe('0');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.getAttribute('aria-current'))).toEqual([null, 'true', null]);
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['₱100.00', '₱1,000.00', '₱18.00', '₱100,000.00', '0.1%', '₱58.00']);
    expect(within(rows[0]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['₱0.00', '₱0.00', TY.vip_none, '₱50,000.00', TY.vip_none, TY.vip_none]);
    expect(rows[1].textContent).toContain(TY.vip_current_badge);
  });

  it('at the top level says so instead of a progress bar', async () => {
    scriptApi(requestMock, memberApi({ 'GET /wps/member/vip': () => ({ ...STATUS, level: 2, name: 'vip_level_silver', next: null }) }));
    storeSession();
    renderApp('/m/member/benefits', { tenant: tenantWithBaseScreens() });
    expect(await screen.findByText(TY.vip_top_level)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows only the sections the tenant lists, in its order', async () => {
    scriptApi(requestMock, memberApi({ 'GET /wps/member/vip': () => STATUS }));
    storeSession();
    const tenant = tenantWithBaseScreens({ screens: { benefits: { slots: { main: { items: { vip: { props: { sections: ['table', 'level'] } } } } } } } });
    renderApp('/m/member/benefits', { tenant });
    await screen.findByTestId('vip-table');
    const parts = [...document.querySelectorAll('.vip-benefits > section')].map((s) => s.getAttribute('data-testid'));
    expect(parts).toEqual(['vip-table', 'vip-level']);
    expect(screen.queryByTestId('vip-progress')).toBeNull();
  });

  it('offers a retry when the status cannot be loaded', async () => {
    scriptApi(requestMock, memberApi({ 'GET /wps/member/vip': () => Promise.reject(new Error('offline')) }));
    storeSession();
    renderApp('/m/member/benefits', { tenant: tenantWithBaseScreens() });
    expect(await screen.findByText(TY.vip_load_failed)).toBeTruthy();
    expect(screen.getByRole('button', { name: TY.retry })).toBeTruthy();
  });

  it('leads home with the VIP-benefit setting off, and asks a visitor to log in', async () => {
    scriptApi(requestMock, memberApi({ 'GET /wps/member/vip': () => STATUS }));
    storeSession();
    const off = renderApp('/m/member/benefits', { tenant: tenantWithBaseScreens({ settings: { vipBenefit: false } }) });
    await waitFor(() => expect(off.router.state.location.pathname).toBe('/m/home'));
    cleanup();
    resetSession();
    renderApp('/m/member/benefits', { tenant: tenantWithBaseScreens() });
    expect(await screen.findByRole('button', { name: TY.login_or_register })).toBeTruthy();
    expect(requestMock).not.toHaveBeenCalledWith('GET', '/wps/member/vip', expect.anything());
  });
});
