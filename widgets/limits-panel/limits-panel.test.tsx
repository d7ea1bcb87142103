// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/lib/api/client';
import type { Limit, Limits } from '../../src/features/protection';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, renderForm, scriptApi, setUpFormTests, type Handler } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const LimitsPanel = manifest.component;
setUpFormTests(request, <LimitsPanel />, () => import('./limits-panel'));

const GET = 'GET /wps/member/limits';
const PUT = 'PUT /wps/member/limits';
const CANCEL = 'POST /wps/member/limits/cancel';

const none = (kind: Limit['kind'], period: Limit['period']): Limit => ({ kind, period, value: null, pending: null, used: 0, remaining: null, resetsAt: null });
function limitsWith(...set: Limit[]): Limits {
  const all: Limit[] = [];
  for (const kind of ['deposit', 'loss', 'wager'] as const) for (const period of ['day', 'week', 'month'] as const) all.push(none(kind, period));
  all.push(none('session', 'session'));
  return {
    currency: 'PHP',
    coolingOffHours: 24,
    sessionStartedAt: '2026-11-23T01:00:00.000Z',
    limits: all.map((l) => set.find((s) => s.kind === l.kind && s.period === l.period) ?? l),
  };
}

const DAILY: Limit = { kind: 'deposit', period: 'day', value: 500, pending: null, used: 400, remaining: 100, resetsAt: '2026-11-23T16:00:00.000Z' };
const in2h = () => new Date(Date.now() + 2 * 3_600_000).toISOString();

const ty = (key: string, params: Record<string, string | number> = {}) => TY[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
const bodyOf = (call: { opts: { body?: unknown } }) => call.opts.body;

function signIn() {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 0, firstTimeLogin: false }));
  reloadSessionFromStorage();
}

async function setup(handlers: Record<string, Handler> = {}) {
  signIn();
  const calls = scriptApi(request, { [GET]: () => limitsWith(DAILY), ...handlers });
  renderForm(<LimitsPanel />, { route: '/m/member/limits' });
  await screen.findAllByTestId('limit-row');
  return calls;
}

const rowOf = (kind: string, period: string) => screen.getAllByTestId('limit-row').find((r) => r.dataset.kind === kind && r.dataset.period === period)!;
const valueInput = () => screen.getByRole('textbox') as HTMLInputElement;
const save = () => screen.getByRole('button', { name: TY.limits_save });

describe('limits-panel', () => {
  it('renders on the server without reading the member or calling the API', () => {
    const calls = scriptApi(request, {});
    const html = renderToString(<LimitsPanel />);
    expect(html).not.toContain('limit-row');
    expect(calls).toEqual([]);
  });

  it('shows each limit with its value, what remains as a bar and when the period starts again', async () => {
    await setup();
    const day = rowOf('deposit', 'day');
    expect(within(day).getByTestId('limit-value').textContent).toBe('₱500.00');
    expect(within(day).getByTestId('limit-remaining').textContent).toBe(ty('limits_remaining', { amount: '₱100.00', limit: '₱500.00' }));
    expect(within(day).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('400');
    // Manila is UTC+8: the day starts again at midnight.
    expect(within(day).getByText(ty('limits_resets', { time: '2026-11-24 00:00:00' }))).toBeTruthy();
    expect(within(rowOf('loss', 'week')).getByTestId('limit-value').textContent).toBe(TY.limits_none);
    expect(within(rowOf('loss', 'week')).queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('limits-raise-note').textContent).toBe(ty('limits_raise_waits', { hours: 24 }));
  });

  it('shows a pending raise with a countdown that ticks each second, and cancels it', async () => {
    const pending = { ...DAILY, pending: { value: 1000, effectiveAt: in2h() } };
    const calls = await setup({ [GET]: (_o, n) => (n === 1 ? limitsWith(pending) : limitsWith(DAILY)), [CANCEL]: () => limitsWith(DAILY) });
    const box = within(rowOf('deposit', 'day')).getByTestId('limit-pending');
    await waitFor(() => expect(box.textContent).toMatch(/1:59:5\d/));
    const first = box.querySelector('.limits-row__pending-text')!.textContent;
    expect(first).toContain('₱1,000.00');
    await waitFor(() => expect(box.querySelector('.limits-row__pending-text')!.textContent).not.toBe(first), { timeout: 2500 });
    // The old value is still the one shown as enforced.
    expect(within(rowOf('deposit', 'day')).getByTestId('limit-value').textContent).toBe('₱500.00');
    const cancel = within(box).getByRole('button', { name: TY.limits_cancel });
    await waitFor(() => expect(cancel.hasAttribute('disabled')).toBe(false));
    fireEvent.click(cancel);
    expect((await screen.findByTestId('limits-message')).textContent).toBe(TY.limits_cancelled);
    expect(bodyOf(callsTo(calls, CANCEL)[0])).toEqual({ kind: 'deposit', period: 'day' });
    await waitFor(() => expect(within(rowOf('deposit', 'day')).queryByTestId('limit-pending')).toBeNull());
  });

  it('lowering applies now; raising says it waits the cooling-off hours', async () => {
    const calls = await setup({
      [PUT]: (opts) => {
        const value = (opts.body as { value: number }).value;
        return value < 500 ? limitsWith({ ...DAILY, value, remaining: value - 400 }) : limitsWith({ ...DAILY, pending: { value, effectiveAt: in2h() } });
      },
    });
    await waitFor(() => expect(save().hasAttribute('disabled')).toBe(false));
    fireEvent.change(valueInput(), { target: { value: '450' } });
    fireEvent.click(save());
    expect((await screen.findByTestId('limits-message')).textContent).toBe(TY.limits_saved_now);
    expect(bodyOf(callsTo(calls, PUT)[0])).toEqual({ kind: 'deposit', period: 'day', value: 450 });
    await waitFor(() => expect(within(rowOf('deposit', 'day')).getByTestId('limit-value').textContent).toBe('₱450.00'));
    await waitFor(() => expect(save().hasAttribute('disabled')).toBe(false));
    fireEvent.change(valueInput(), { target: { value: '1,000' } });
    fireEvent.click(save());
    await waitFor(() => expect(screen.getByTestId('limits-message').textContent).toBe(ty('limits_saved_pending', { hours: 24 })));
    expect(bodyOf(callsTo(calls, PUT)[1])).toEqual({ kind: 'deposit', period: 'day', value: 1000 });
  });

  it('sets a session limit in minutes, and refuses a bad value before sending', async () => {
    const calls = await setup({ [PUT]: () => limitsWith(DAILY, { ...none('session', 'session'), value: 60, used: 5, remaining: 55 }) });
    fireEvent.change(screen.getByRole('combobox', { name: TY.limits_form_kind }), { target: { value: 'session' } });
    expect(screen.queryByRole('combobox', { name: TY.limits_form_period })).toBeNull();
    await waitFor(() => expect(save().hasAttribute('disabled')).toBe(false));
    fireEvent.change(valueInput(), { target: { value: '1.5' } });
    fireEvent.click(save());
    expect(await screen.findByText(TY.limits_minutes_invalid)).toBeTruthy();
    expect(callsTo(calls, PUT)).toEqual([]);
    fireEvent.change(valueInput(), { target: { value: '60' } });
    fireEvent.click(save());
    await waitFor(() => expect(callsTo(calls, PUT)).toHaveLength(1));
    expect(bodyOf(callsTo(calls, PUT)[0])).toEqual({ kind: 'session', period: 'session', value: 60 });
    await waitFor(() => expect(within(rowOf('session', 'session')).getByTestId('limit-remaining').textContent).toBe(ty('limits_session_left', { minutes: 55 })));
  });

  it('removes a limit (it waits too) and says a refusal in words', async () => {
    const calls = await setup({ [PUT]: () => fail('validation.failed', 'err_validation_failed', { field: '/value' }) });
    const remove = await screen.findByRole('button', { name: TY.limits_remove });
    fireEvent.click(remove);
    await waitFor(() => expect(callsTo(calls, PUT)).toHaveLength(1));
    expect(bodyOf(callsTo(calls, PUT)[0])).toEqual({ kind: 'deposit', period: 'day', value: null });
    expect((await screen.findByRole('alert')).textContent).toBe(TY.err_validation_failed);
  });
});
