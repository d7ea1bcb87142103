// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/lib/api/client';
import type { Promotion } from '../../src/features/engagement';
import { TY } from '../../tests/renderer/harness';
import { renderForm, scriptApi, setUpFormTests } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const PromotionList = manifest.component;
setUpFormTests(request, <PromotionList />, () => import('./promotion-list'));

const base = { content: '', imageUrl: null, rewardAmount: 0, turnoverMultiplier: 1, canAct: false };
const LIST: Promotion[] = [
  { ...base, id: 1, code: 'daily-sign-in', type: 'SIGN_IN', category: 'DAILY', title: 'Daily', action: 'claim', status: 'signed' },
  { ...base, id: 2, code: 'wager-1000', type: 'TURNOVER', category: 'GAMES', title: 'Wager', action: 'claim', status: 'process', startsAt: '2026-11-01T00:00:00.000Z', endsAt: '2026-11-30T15:59:00.000Z' },
  { ...base, id: 3, code: 'soon', type: 'MISSION', category: 'NEWCAT', title: 'Soon', action: 'join', status: 'coming_soon' },
];

describe('promotion-list', () => {
  it('renders on the server without calling the API', () => {
    const calls = scriptApi(request, {});
    expect(renderToString(<PromotionList />)).not.toContain('promotion-card');
    expect(calls).toEqual([]);
  });

  it('lists the promotions with periods and statuses, links to the detail, and filters by category tab', async () => {
    scriptApi(request, { 'GET /wps/promotions': () => LIST });
    renderForm(<PromotionList />, { route: '/m/activity' });
    const cards = await screen.findAllByTestId('promotion-card');
    expect(cards.map((c) => c.dataset.code)).toEqual(['daily-sign-in', 'wager-1000', 'soon']);
    expect(within(cards[0]).getByTestId('promotion-status').textContent).toBe(TY.promo_status_signed);
    expect(within(cards[0]).getByText(TY.promo_period_always)).toBeTruthy();
    // Manila days.
    expect(within(cards[1]).getByText(TY.promo_period.replace('{{start}}', '2026-11-01').replace('{{end}}', '2026-11-30'))).toBeTruthy();
    expect(within(cards[2]).getByTestId('promotion-status').textContent).toBe(TY.promo_status_coming_soon);
    expect(within(cards[1]).getByRole('link').getAttribute('href')).toBe('/m/activityInfo?code=wager-1000');
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual([TY.promo_category_all, TY.promo_category_daily, TY.promo_category_games, 'NEWCAT']);
    fireEvent.click(screen.getByRole('tab', { name: TY.promo_category_games }));
    await waitFor(() => expect(screen.getAllByTestId('promotion-card').map((c) => c.dataset.code)).toEqual(['wager-1000']));
  });
});
