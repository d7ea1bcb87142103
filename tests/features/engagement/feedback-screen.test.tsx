// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/client', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, request: vi.fn() };
});

import { request } from '../../../src/lib/api/client';
import { TY } from '../../renderer/harness';
import { memberApi, renderApp, repoTenant, resetSession, scriptApi, storeSession, tenantWithBaseScreens } from '../../app/helpers';

const requestMock = vi.mocked(request);

// The widget's chunk compiles on first use: load it before the renders wait for it.
beforeAll(async () => {
  await import('../../../widgets/feedback-form/feedback-form');
  await import('../../../src/app/screens/slot-screen');
});

afterEach(() => {
  cleanup();
  resetSession();
  requestMock.mockReset();
});

describe('feedback screen (/m/feedback)', () => {
  it('the base tenant lays it out with the feedback form and 5 to 500 words', () => {
    const base = repoTenant('_base');
    expect(base.screens.feedback?.slots.main.items.form.widget).toBe('feedback-form');
    expect(base.settings.feedback).toEqual({ minWords: 5, maxWords: 500 });
  });

  it('a member with FEEDBACK3 gets the form and the history', async () => {
    scriptApi(requestMock, memberApi({ 'GET /wps/feedback': () => ({ list: [], pageNum: 1, totalPages: 0, total: 0 }) }));
    storeSession();
    renderApp('/m/feedback', { tenant: tenantWithBaseScreens({ flags: { FEEDBACK3: true } }) });
    expect(await screen.findByLabelText(TY.feedback_content)).toBeTruthy();
    expect(await screen.findByText(TY.feedback_none)).toBeTruthy();
  });

  it('leads home without FEEDBACK3, and sends a visitor to log in', async () => {
    scriptApi(requestMock, memberApi());
    storeSession();
    const off = renderApp('/m/feedback', { tenant: tenantWithBaseScreens({ flags: { FEEDBACK3: false } }) });
    await waitFor(() => expect(off.router.state.location.pathname).toBe('/m/home'));
    cleanup();
    resetSession();
    const visitor = renderApp('/m/feedback', { tenant: tenantWithBaseScreens({ flags: { FEEDBACK3: true } }) });
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/m/login'));
  });
});
