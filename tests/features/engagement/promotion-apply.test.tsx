// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/client', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, request: vi.fn() };
});

import { request, type RequestOptions } from '../../../src/lib/api/client';
import type { Promotion } from '../../../src/features/engagement';
import { TY } from '../../renderer/harness';
import { memberApi, renderApp, resetSession, scriptApi, storeSession, tenantWithBaseScreens } from '../../app/helpers';

const requestMock = vi.mocked(request);
const APPLY: Promotion = { id: 9, code: 'apply-now', type: 'APPLY', category: 'OTHER', title: 'Send your big win', content: '<p>Terms</p>', imageUrl: null, action: 'apply', canAct: true, rewardAmount: 8.5, turnoverMultiplier: 1 };
const text = (key: string, params: Record<string, string | number>) => Object.entries(params).reduce((t, [k, v]) => t.replace(`{{${k}}}`, String(v)), TY[key]);
const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

beforeAll(async () => {
  URL.createObjectURL = (blob: Blob) => `blob:${(blob as File).name}`;
  URL.revokeObjectURL = () => undefined;
  // The widget's chunk compiles on first use: load it before the renders wait for it.
  await import('../../../widgets/promotion-detail/promotion-detail');
});

afterAll(() => {
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
});

afterEach(() => {
  cleanup();
  resetSession();
  requestMock.mockReset();
});

describe('promotion application (/m/activityInfo)', () => {
  it('a member applies with a remark and an image from the detail screen; the status then reads applying', async () => {
    const sent: RequestOptions[] = [];
    let applied = false;
    scriptApi(
      requestMock,
      memberApi({
        'GET /wps/promotions': () => [applied ? { ...APPLY, status: 'applying', canAct: false } : APPLY],
        'PUT /wps/promotions/images': (opts) => {
          sent.push(opts);
          return { id: 77 };
        },
        'POST /wps/promotions/apply-now/act': (opts) => {
          sent.push(opts);
          applied = true;
          return { ...APPLY, status: 'applying', canAct: false };
        },
      }),
    );
    storeSession();
    renderApp('/m/activityInfo?code=apply-now', { tenant: tenantWithBaseScreens({ settings: { promotions: ['APPLY'] } }) });
    expect(await screen.findByRole('heading', { name: 'Send your big win' })).toBeTruthy();
    const apply = await screen.findByRole('button', { name: TY.promo_action_apply });
    await waitFor(() => expect(apply.hasAttribute('disabled')).toBe(false));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Jackpot on the slot' } });
    expect(screen.getByTestId('remark-count').textContent).toBe('19/140');
    fireEvent.change(screen.getByLabelText(text('promo_images', { max: 3 })), { target: { files: [new File([new Uint8Array(32)], 'win.png', { type: 'image/png' })] } });
    expect((await screen.findByRole('img', { name: text('image_preview', { name: 'win.png' }) })).getAttribute('src')).toBe('blob:win.png');
    fireEvent.click(apply);
    expect((await screen.findByTestId('promotion-status')).textContent).toBe(TY.promo_status_applying);
    expect((sent[0].blob as File).name).toBe('win.png');
    expect(sent[1].body).toEqual({ remark: 'Jackpot on the slot', imageIds: [77] });
  });
});
