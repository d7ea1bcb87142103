// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
const text = (key: string, params: Record<string, string | number> = {}) => Object.entries(params).reduce((t, [k, v]) => t.replace(`{{${k}}}`, String(v)), TY[key]);
const png = (name: string, size = 64) => new File([new Uint8Array(size)], name, { type: 'image/png' });

// jsdom has no object URLs: the previews get a named one.
const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
beforeAll(() => {
  URL.createObjectURL = (blob: Blob) => `blob:${(blob as File).name ?? 'unnamed'}`;
  URL.revokeObjectURL = () => undefined;
});
afterAll(() => {
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
});

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

  it('leads to the next step of its type (invite friends for a referral promotion), and none for a type without one', async () => {
    const REFERRAL: Promotion = { ...base, id: 3, code: 'referral', type: 'REFERRAL', category: 'FRIENDS', title: 'Invite friends', content: '', action: 'none', canAct: false };
    scriptApi(request, { 'GET /wps/promotions': () => [SIGN_IN, REFERRAL] });
    const view = renderForm(<PromotionDetail nextSteps={manifest.defaults?.nextSteps} />, { route: '/m/activityInfo?code=referral' });
    const link = await screen.findByRole('link', { name: TY.invite_friends });
    expect(link.getAttribute('href')).toBe('/m/inviteFriends');
    expect(screen.queryByRole('button')).toBeNull();
    view.unmount();
    renderForm(<PromotionDetail nextSteps={manifest.defaults?.nextSteps} />, { route: '/m/activityInfo?code=daily-sign-in' });
    expect(await screen.findByRole('heading', { name: 'Daily sign-in' })).toBeTruthy();
    expect(screen.queryByTestId('promotion-next')).toBeNull();
  });

  it('says there is nothing for an unknown code', async () => {
    scriptApi(request, { 'GET /wps/promotions': () => [SIGN_IN] });
    renderForm(<PromotionDetail />, { route: '/m/activityInfo?code=nope' });
    expect(await screen.findByText(TY.no_data)).toBeTruthy();
  });

  it('the apply form counts the remark, picks up to 3 png or jpg images of 5 MB with previews, refuses others before uploading, then uploads and applies', async () => {
    signIn();
    const calls = scriptApi(request, {
      'GET /wps/promotions': () => [APPLY],
      'PUT /wps/promotions/images': (_o, n) => ({ id: 40 + n }),
      'POST /wps/promotions/apply-now/act': () => ({ ...APPLY, status: 'applying', canAct: false, remark: 'My screenshots' }),
    });
    renderForm(<PromotionDetail />, { route: '/m/activityInfo?code=apply-now' });
    await waitFor(() => expect(button('promo_action_apply').hasAttribute('disabled')).toBe(false));
    const remark = screen.getByRole('textbox');
    expect(screen.getByTestId('remark-count').textContent).toBe('0/140');
    fireEvent.change(remark, { target: { value: 'x'.repeat(141) } });
    expect(screen.getByTestId('remark-count').textContent).toBe('141/140');
    fireEvent.click(button('promo_action_apply'));
    expect(await screen.findByText(TY.remark_max)).toBeTruthy();

    const input = screen.getByLabelText(text('promo_images', { max: 3 })) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'cat.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText(TY.image_type)).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(['not a picture'], 'fake.png', { type: 'text/plain' })] } });
    expect(screen.getByText(TY.image_type)).toBeTruthy();
    fireEvent.change(input, { target: { files: [png('huge.png', 5 * 1024 * 1024 + 1)] } });
    expect(await screen.findByText(TY.image_size)).toBeTruthy();
    fireEvent.change(input, { target: { files: [png('a.png'), new File([new Uint8Array(8)], 'b.jpg', { type: 'image/jpeg' }), png('c.png'), png('d.png')] } });
    expect(await screen.findByText(TY.image_count)).toBeTruthy();
    const previews = await screen.findAllByRole('img');
    expect(previews.map((img) => img.getAttribute('alt'))).toEqual(['a.png', 'b.jpg', 'c.png'].map((name) => text('image_preview', { name })));
    expect(previews.map((img) => img.getAttribute('src'))).toEqual(['blob:a.png', 'blob:b.jpg', 'blob:c.png']);
    expect(input.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: text('file_remove', { name: 'c.png' }) }));
    expect(screen.getAllByRole('img')).toHaveLength(2);
    expect(callsTo(calls, 'PUT /wps/promotions/images')).toHaveLength(0);
    expect(callsTo(calls, 'POST /wps/promotions/apply-now/act')).toHaveLength(0);

    fireEvent.change(remark, { target: { value: 'My screenshots' } });
    expect(screen.getByTestId('remark-count').textContent).toBe('14/140');
    fireEvent.click(button('promo_action_apply'));
    await waitFor(() => expect(callsTo(calls, 'POST /wps/promotions/apply-now/act')).toHaveLength(1));
    const uploads = callsTo(calls, 'PUT /wps/promotions/images');
    expect(uploads.map((c) => (c.opts.blob as File).name)).toEqual(['a.png', 'b.jpg']);
    expect(callsTo(calls, 'POST /wps/promotions/apply-now/act')[0].opts.body).toEqual({ remark: 'My screenshots', imageIds: [41, 42] });
  });

  it('shows the rule the server names when it refuses an image, and a rejection’s reason', async () => {
    signIn();
    const rejected: Promotion = { ...APPLY, status: 'rejected', reason: 'The screenshot is unreadable.', canAct: true };
    const calls = scriptApi(request, {
      'GET /wps/promotions': () => [rejected],
      'PUT /wps/promotions/images': () => fail('body.too.large', 'err_body_too_large', { field: 'image', messageKey: 'image_size' }, 413),
    });
    renderForm(<PromotionDetail />, { route: '/m/activityInfo?code=apply-now' });
    expect((await screen.findByTestId('promotion-reason')).textContent).toBe(text('promo_reject_reason', { reason: 'The screenshot is unreadable.' }));
    expect(screen.getByTestId('promotion-status').textContent).toBe(TY.promo_status_rejected);
    await waitFor(() => expect(button('promo_action_apply').hasAttribute('disabled')).toBe(false));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Clearer this time' } });
    fireEvent.change(screen.getByLabelText(text('promo_images', { max: 3 })), { target: { files: [png('a.png')] } });
    fireEvent.click(button('promo_action_apply'));
    expect(await screen.findByText(TY.image_size)).toBeTruthy();
    expect(callsTo(calls, 'POST /wps/promotions/apply-now/act')).toHaveLength(0);
  });
});
