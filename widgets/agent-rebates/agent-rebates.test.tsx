// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/lib/api/client';
import type { AgentRates } from '../../src/features/agent';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, renderForm, scriptApi, setUpFormTests, type Handler } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const Rates = manifest.component;
setUpFormTests(request, <Rates />, () => import('./agent-rebates'));

const LIST = 'GET /wps/agent/rebates';
const PUT = 'PUT /wps/agent/rebates/7';
const SUB = { id: 7, username: 'subagent1', type: 1, regDate: '2026-11-23T10:00:00.000Z', rates: [{ gameType: 'RNG' as const, rate: 0.5 }, { gameType: 'FISH' as const, rate: 0 }] };
const DATA: AgentRates = { own: [{ gameType: 'RNG', rate: 1.2 }, { gameType: 'FISH', rate: 1 }], downline: [SUB] };
const ty = (key: string, params: Record<string, string | number> = {}) => TY[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));

async function setup(handlers: Record<string, Handler> = {}) {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'boss01', type: 1, firstTimeLogin: false }));
  reloadSessionFromStorage();
  const calls = scriptApi(request, { [LIST]: () => DATA, ...handlers });
  renderForm(<Rates />, { route: '/m/member/agent/agentRebeat' });
  await screen.findByRole('list', { name: TY.agent_rebate_downline });
  return calls;
}

const input = (key: string) => screen.getByLabelText(TY[key], { selector: 'input' }) as HTMLInputElement;
const type = (key: string, value: string) => fireEvent.change(input(key), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: TY.agent_rebate_save }));

describe('agent-rebates', () => {
  it('lists one’s own rates and the downline agents’ rates', async () => {
    await setup();
    const own = screen.getByLabelText(TY.agent_rebate_own);
    expect(within(own).getByText('1.2%')).toBeTruthy();
    const member = screen.getByRole('listitem');
    expect(member.dataset.username).toBe('subagent1');
    expect(within(member).getByText('0.5%')).toBeTruthy();
  });

  it('says plainly that there are no rebate categories when the tenant has none, with no empty lists', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'boss01', type: 1, firstTimeLogin: false }));
    reloadSessionFromStorage();
    scriptApi(request, { [LIST]: () => ({ own: [], downline: [{ ...SUB, rates: [] }] }) });
    renderForm(<Rates />, { route: '/m/member/agent/agentRebeat' });
    expect((await screen.findByText(TY.agent_rebate_no_categories)).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('list', { name: TY.agent_rebate_downline })).toBeNull();
    expect(screen.queryByLabelText(TY.agent_rebate_own)).toBeNull();
    expect(screen.queryByRole('button', { name: TY.agent_rebate_edit })).toBeNull();
  });

  it('refuses a rate above one’s own on the field, then saves a valid one', async () => {
    const calls = await setup({ [PUT]: () => ({ ...SUB, rates: [{ gameType: 'RNG', rate: 1 }, { gameType: 'FISH', rate: 0 }] }) });
    fireEvent.click(screen.getByRole('button', { name: TY.agent_rebate_edit }));
    expect(input('cat_RNG').value).toBe('0.5');
    type('cat_RNG', '2');
    save();
    expect(await screen.findByText(ty('err_rebate_above_own', { own: 1.2, gameType: TY.cat_RNG }))).toBeTruthy();
    expect(callsTo(calls, PUT)).toHaveLength(0);
    type('cat_RNG', '1');
    save();
    await waitFor(() => expect(callsTo(calls, PUT)).toHaveLength(1));
    expect(callsTo(calls, PUT)[0].opts.body).toEqual({ rates: { RNG: 1, FISH: 0 } });
    await waitFor(() => expect(screen.queryByTestId('agent-rebates-form')).toBeNull());
  });

  it('shows the server’s rebate.above.own on the field it names', async () => {
    await setup({ [PUT]: () => fail('rebate.above.own', 'err_rebate_above_own', { field: '/rates/FISH', gameType: 'FISH', own: 0.8 }) });
    fireEvent.click(screen.getByRole('button', { name: TY.agent_rebate_edit }));
    type('cat_FISH', '0.9');
    save();
    expect(await screen.findByText(ty('err_rebate_above_own', { own: 0.8, gameType: TY.cat_FISH }))).toBeTruthy();
    expect(input('cat_FISH').getAttribute('aria-invalid')).toBe('true');
  });
});
