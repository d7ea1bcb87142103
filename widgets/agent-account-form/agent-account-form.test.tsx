// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
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

const Form = manifest.component;
setUpFormTests(request, <Form />, () => import('./agent-account-form'));

const RATES = 'GET /wps/agent/rebates';
const OPEN = 'POST /wps/agent/accounts';
const OWN: AgentRates = { own: [{ gameType: 'RNG', rate: 1.2 }, { gameType: 'FISH', rate: 1 }], downline: [] };
const ty = (key: string, params: Record<string, string | number> = {}) => TY[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));

async function setup(handlers: Record<string, Handler> = {}) {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'boss01', type: 1, firstTimeLogin: false }));
  reloadSessionFromStorage();
  const calls = scriptApi(request, { [RATES]: () => OWN, ...handlers });
  renderForm(<Form />, { route: '/m/agentRegister' });
  await screen.findByRole('button', { name: TY.agent_open_submit });
  await waitFor(() => expect(callsTo(calls, RATES)).toHaveLength(1));
  return calls;
}

const input = (key: string) => screen.getByLabelText(TY[key], { selector: 'input' }) as HTMLInputElement;
const type = (key: string, value: string) => fireEvent.change(input(key), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: TY.agent_open_submit }));

function fill(username = 'newplayer1') {
  type('username', username);
  type('password', 'Secret123');
  type('confirm_password', 'Secret123');
}

describe('agent-account-form', () => {
  it('opens a player account and says it can log in', async () => {
    const calls = await setup({ [OPEN]: () => ({ member: { id: 5, username: 'newplayer1', type: 0, regDate: '2026-11-23T10:00:00.000Z', rates: [] } }) });
    fill();
    submit();
    expect((await screen.findByTestId('agent-open-done')).textContent).toContain(ty('agent_open_done', { username: 'newplayer1' }));
    expect(callsTo(calls, OPEN)[0].opts.body).toEqual({ kind: 'player', username: 'newplayer1', password: 'Secret123', confirmPassword: 'Secret123' });
  });

  it('checks the fields by the registration rules before sending', async () => {
    const calls = await setup();
    type('username', '1x');
    type('password', 'Secret123');
    type('confirm_password', 'Other123');
    submit();
    expect(await screen.findByText(TY.format_account)).toBeTruthy();
    expect(screen.getByText(TY.in_confirmation_correct)).toBeTruthy();
    expect(callsTo(calls, OPEN)).toHaveLength(0);
  });

  it('a sub-agent’s rates default to 0, a rate above one’s own shows the clear error on its field', async () => {
    const calls = await setup({ [OPEN]: () => ({ member: { id: 6, username: 'subagent1', type: 1, regDate: '2026-11-23T10:00:00.000Z', rates: [] } }) });
    fireEvent.click(screen.getByLabelText(TY.agent_open_agent));
    fill('subagent1');
    expect(input('cat_RNG').value).toBe('0');
    type('cat_RNG', '1.5');
    submit();
    expect(await screen.findByText(ty('err_rebate_above_own', { own: 1.2, gameType: TY.cat_RNG }))).toBeTruthy();
    expect(callsTo(calls, OPEN)).toHaveLength(0);
    type('cat_RNG', '0.5');
    submit();
    await screen.findByTestId('agent-open-done');
    expect(callsTo(calls, OPEN)[0].opts.body).toMatchObject({ kind: 'agent', rates: { RNG: 0.5, FISH: 0 } });
  });

  it('shows the server’s refusals on their fields', async () => {
    await setup({ [OPEN]: () => fail('username.exists', 'username_exists', undefined, 409) });
    fill('demoteam1');
    submit();
    expect(await screen.findByText(TY.username_exists)).toBeTruthy();
  });
});
