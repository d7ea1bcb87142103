// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/lib/api/client';
import type { Promotion } from '../../src/features/engagement';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, renderForm, scriptApi, setUpFormTests } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const PromotionDetail = manifest.component;
setUpFormTests(request, <PromotionDetail />, () => import('./promotion-detail'));

const base = { imageUrl: null, rewardAmount: 5, turnoverMultiplier: 1 };
const SIGN_IN: Promotion = { ...base, id: 1, code: 'daily-sign-in', type: 'SIGN_IN', category: 'DAILY', title: 'Daily sign-in', content: '<p>Terms<script>alert(1)</script></p>', action: 'claim', canAct: true };
const APPLY: Promotion = { ...base, id: 2, code: 'apply-now', type: 'APPLY', category: 'OTHER', title: 'Apply', content: '', action: 'apply', canAct: true };

function signIn() {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 0, firstTimeLogin: false }));
  reloadSessionFromStorage();
}

const button = (key: string) => screen.getByRole('button', { name: TY[key] });

describe('promotion-detail', () => {
  it('shows the sanitised terms and claims; the reward then waits in the reward centre', async () => {
    signIn();
    const calls = scriptApi(request, {
      'GET /wps/promotions': (_o, n) => [n === 1 ? SIGN_IN : { ...SIGN_IN, status: 'signed', canAct: false }, APPLY],
      'POST /wps/promotions/daily-sign-in/act': () => ({ ...SIGN_IN, status: 'signed', canAct: false }),
    });
    renderForm(<PromotionDetail />, { route: '/m/activityInfo?code=daily-sign-in' });
    expect(await screen.findByRole('heading', { name: 'Daily sign-in' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('promotion-terms').innerHTML).toBe('<p>Terms</p>'));
    await waitFor(() => expect(button('promo_action_claim').hasAttribute('disabled')).toBe(false));
    fireEvent.click(button('promo_action_claim'));
    await waitFor(() => expect(callsTo(calls, 'POST /wps/promotions/daily-sign-in/act')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('promotion-status').textContent).toBe(TY.promo_status_signed));
    expect(button('promo_action_claim').hasAttribute('disabled')).toBe(true);
  });

  it('checks the remark of an application (at most 140 characters) before sending, and shows a refusal in words', async () => {
    signIn();
    const calls = scriptApi(request, {
      'GET /wps/promotions': () => [SIGN_IN, APPLY],
      'POST /wps/promotions/apply-now/act': () => fail('promotion.closed', 'err_promotion_closed', undefined, 409),
    });
    renderForm(<PromotionDetail />, { route: '/m/activityInfo?code=apply-now' });
    await waitFor(() => expect(button('promo_action_apply').hasAttribute('disabled')).toBe(false));
    fireEvent.click(button('promo_action_apply'));
    expect(await screen.findByText(TY.promo_remark_rule.replace('{{max}}', '140'))).toBeTruthy();
    expect(callsTo(calls, 'POST /wps/promotions/apply-now/act')).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Please count me in' } });
    fireEvent.click(button('promo_action_apply'));
    expect(await screen.findByText(TY.err_promotion_closed)).toBeTruthy();
    expect(callsTo(calls, 'POST /wps/promotions/apply-now/act')[0].opts.body).toEqual({ remark: 'Please count me in' });
  });

  it('says there is nothing for an unknown code', async () => {
    scriptApi(request, { 'GET /wps/promotions': () => [SIGN_IN] });
    renderForm(<PromotionDetail />, { route: '/m/activityInfo?code=nope' });
    expect(await screen.findByText(TY.no_data)).toBeTruthy();
  });
});
