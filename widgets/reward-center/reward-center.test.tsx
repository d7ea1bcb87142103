// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/lib/api/client';
import type { Reward, RewardClaim, RewardList } from '../../src/features/engagement';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, renderForm, scriptApi, setUpFormTests, type Handler } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const RewardCenter = manifest.component;
setUpFormTests(request, <RewardCenter />, () => import('./reward-center'));

const LIST = 'GET /wps/rewards';
const WALLET = 'GET /wps/member/wallet';
const claimKey = (id: number) => `POST /wps/rewards/${id}/claim`;

const BONUS: Reward = {
  id: 11,
  source: 'deposit_bonus',
  amount: 100,
  turnoverMultiplier: 3,
  turnoverRequired: 300,
  state: 'claimable',
  createdAt: '2026-11-23T01:00:00.000Z',
  expiresAt: '2026-11-30T01:00:00.000Z',
};
const GIFT: Reward = { ...BONUS, id: 12, source: 'operator', promotionTitle: 'Loyalty week', amount: 25.5, turnoverMultiplier: 2, turnoverRequired: 51 };
const OPEN: RewardList = { list: [GIFT, BONUS], claimable: 2, currency: 'PHP' };
const PAID: RewardClaim = { reward: { ...BONUS, state: 'claimed', claimedAt: '2026-11-23T02:00:00.000Z' }, balance: 1150, currency: 'PHP' };

const ty = (key: string, params: Record<string, string | number> = {}) => TY[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
const keyOf = (call: { opts: { headers?: unknown } }) => (call.opts.headers as Record<string, string>)['idempotency-key'];
const stateOf = (call: { opts: { query?: unknown } }) => (call.opts.query as { state?: string } | undefined)?.state;

function signIn() {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 0, firstTimeLogin: false }));
  reloadSessionFromStorage();
}

async function setup(handlers: Record<string, Handler> = {}) {
  signIn();
  const calls = scriptApi(request, { [LIST]: () => OPEN, [WALLET]: () => ({ sumBalance: 1050, currency: 'PHP', currencySymbol: '₱' }), ...handlers });
  renderForm(<RewardCenter />, { route: '/m/rewardCenter' });
  await screen.findAllByTestId('reward-card').catch(() => screen.findByTestId('reward-empty'));
  return calls;
}

const cardOf = (id: number) => screen.getAllByTestId('reward-card').find((c) => c.dataset.rewardId === String(id))!;
const claimIn = (id: number) => within(cardOf(id)).getByRole('button', { name: TY.reward_claim });

describe('reward-center', () => {
  it('renders on the server without reading the member or calling the API', () => {
    const calls = scriptApi(request, {});
    const html = renderToString(<RewardCenter />);
    expect(html).not.toContain('reward-card');
    expect(calls).toEqual([]);
  });

  it('asks a visitor to log in and loads nothing', () => {
    const calls = scriptApi(request, {});
    renderForm(<RewardCenter />, { route: '/m/rewardCenter' });
    expect(screen.getByText(TY.reward_login_first)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('lists the rewards to claim with source, amount, turnover and expiry at the tenant clock', async () => {
    const calls = await setup();
    expect(stateOf(callsTo(calls, LIST)[0])).toBe('claimable');
    expect(screen.getByTestId('reward-count').textContent).toBe(ty('reward_count', { count: 2 }));
    const bonus = cardOf(11);
    expect(within(bonus).getByText(TY.reward_source_deposit_bonus)).toBeTruthy();
    expect(within(bonus).getByTestId('reward-amount').textContent).toBe('₱100.00');
    expect(within(bonus).getByTestId('reward-turnover').textContent).toBe(ty('reward_turnover', { required: '₱300.00', multiplier: 3 }));
    // Manila is UTC+8.
    expect(within(bonus).getByTestId('reward-time').textContent).toBe(ty('reward_expires', { time: '2026-11-30 09:00:00' }));
    const gift = cardOf(12);
    expect(within(gift).getByText(TY.reward_source_operator)).toBeTruthy();
    expect(within(gift).getByText('Loyalty week')).toBeTruthy();
    await waitFor(() => expect(claimIn(11).hasAttribute('disabled')).toBe(false));
  });

  it('claims with an Idempotency-Key, shows the amount, balance and turnover, and reads the balance and the list again', async () => {
    const calls = await setup({ [claimKey(11)]: () => PAID });
    await waitFor(() => expect(claimIn(11).hasAttribute('disabled')).toBe(false));
    fireEvent.click(claimIn(11));
    const done = await screen.findByTestId('reward-done');
    expect(within(done).getByText(ty('reward_done_amount', { amount: '₱100.00' }))).toBeTruthy();
    expect(within(done).getByTestId('reward-balance').textContent).toBe('₱1,150.00');
    expect(within(done).getByTestId('reward-done-turnover').textContent).toBe('₱300.00');
    expect(within(done).getByRole('link', { name: TY.account_record_link }).getAttribute('href')).toBe('/m/transaction/record');
    expect(keyOf(callsTo(calls, claimKey(11))[0])).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    await waitFor(() => expect(callsTo(calls, LIST).length).toBeGreaterThanOrEqual(2));
  });

  it('sends the same key again after a network failure', async () => {
    const calls = await setup({ [claimKey(11)]: (_opts, n) => (n === 1 ? fail('network', 'network_slow', undefined, 0) : PAID) });
    await waitFor(() => expect(claimIn(11).hasAttribute('disabled')).toBe(false));
    fireEvent.click(claimIn(11));
    expect(await within(cardOf(11)).findByText(TY.network_slow)).toBeTruthy();
    await waitFor(() => expect(claimIn(11).hasAttribute('disabled')).toBe(false));
    fireEvent.click(claimIn(11));
    await screen.findByTestId('reward-done');
    const keys = callsTo(calls, claimKey(11)).map(keyOf);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('says in words that a reward expired, and reads the list again', async () => {
    const calls = await setup({
      [LIST]: (_opts, n) => (n === 1 ? OPEN : { list: [GIFT], claimable: 1, currency: 'PHP' }),
      [claimKey(11)]: () => fail('reward.expired', 'err_reward_expired', undefined, 409),
    });
    await waitFor(() => expect(claimIn(11).hasAttribute('disabled')).toBe(false));
    fireEvent.click(claimIn(11));
    await waitFor(() => expect(callsTo(calls, LIST).length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(screen.getAllByTestId('reward-card').map((c) => c.dataset.rewardId)).toEqual(['12']));
  });

  it('switches to the claimed and expired tabs, without claim buttons, and says when a tab is empty', async () => {
    const claimedList: RewardList = { list: [PAID.reward], claimable: 0, currency: 'PHP' };
    const calls = await setup({ [LIST]: (opts) => ((opts.query as { state: string }).state === 'claimed' ? claimedList : (opts.query as { state: string }).state === 'expired' ? { list: [], claimable: 0, currency: 'PHP' } : OPEN) });
    fireEvent.click(screen.getByRole('tab', { name: TY.reward_tab_claimed }));
    await waitFor(() => expect(screen.getAllByTestId('reward-card').map((c) => c.dataset.rewardId)).toEqual(['11']));
    expect(within(cardOf(11)).getByTestId('reward-time').textContent).toBe(ty('reward_claimed_at', { time: '2026-11-23 10:00:00' }));
    expect(within(cardOf(11)).queryByRole('button')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: TY.reward_tab_expired }));
    expect((await screen.findByTestId('reward-empty')).textContent).toBe(TY.reward_empty_expired);
    expect(callsTo(calls, LIST).map(stateOf)).toEqual(expect.arrayContaining(['claimable', 'claimed', 'expired']));
  });
});
