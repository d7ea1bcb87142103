// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/lib/api/client';
import type { Contract, ContractPage } from '../../src/features/agent';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, renderForm, scriptApi, setUpFormTests, type Handler } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const AgentContract = manifest.component;
setUpFormTests(request, <AgentContract kind="salary" />, () => import('./agent-contract'));

const PAGE = 'GET /wps/agent/contracts/salary';
const PROPOSE = 'POST /wps/agent/contracts/salary';
const ty = (key: string, params: Record<string, string | number> = {}) => TY[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));

const PROPOSAL: Contract = {
  id: 7,
  kind: 'salary',
  state: 'proposed',
  upline: 'boss1',
  downline: 'juan123',
  downlineId: 21,
  terms: { tiers: [{ turnover: 1000, activeMembers: 2, amount: 50 }] },
  createdAt: '2026-11-23T01:00:00.000Z',
};
const MINE: ContractPage = { kind: 'salary', isAgent: true, pending: PROPOSAL, downlines: [], bounds: { maxTiers: 10, maxAmount: 10000 }, currency: 'PHP' };
const UPLINE: ContractPage = {
  kind: 'salary',
  isAgent: true,
  signed: { ...PROPOSAL, state: 'signed', signedAt: '2026-11-23T02:00:00.000Z' },
  downlines: [{ memberId: 31, account: 'sub001' }],
  bounds: { maxTiers: 10, maxAmount: 10000, own: { tiers: [{ turnover: 1000, activeMembers: 2, amount: 50 }] } },
  currency: 'PHP',
};

function signIn() {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 1, firstTimeLogin: false }));
  reloadSessionFromStorage();
}

async function setup(handlers: Record<string, Handler>) {
  signIn();
  const calls = scriptApi(request, handlers);
  renderForm(<AgentContract kind="salary" />, { route: '/m/member/agent/getSalaryContract' });
  await screen.findByTestId('agent-contract');
  return calls;
}

describe('agent-contract', () => {
  it('renders on the server without reading the member or calling the API', () => {
    const calls = scriptApi(request, {});
    expect(renderToString(<AgentContract kind="salary" />)).not.toContain('contract-terms');
    expect(calls).toEqual([]);
  });

  it('shows the proposal awaiting the member with its terms, and signs it', async () => {
    const calls = await setup({ [PAGE]: (_o, n) => (n === 1 ? MINE : { ...MINE, pending: undefined, signed: { ...PROPOSAL, state: 'signed' } }), ['POST /wps/agent/contracts/7/sign']: () => ({ ...PROPOSAL, state: 'signed' }) });
    const pending = screen.getByTestId('contract-pending');
    expect(within(pending).getByText(ty('contract_awaiting', { upline: 'boss1' }))).toBeTruthy();
    expect(within(pending).getByTestId('contract-terms').textContent).toContain('₱50.00');
    const sign = within(pending).getByRole('button', { name: TY.contract_sign });
    await waitFor(() => expect(sign.hasAttribute('disabled')).toBe(false));
    fireEvent.click(sign);
    await waitFor(() => expect(screen.queryByTestId('contract-pending')).toBeNull());
    expect(callsTo(calls, 'POST /wps/agent/contracts/7/sign')).toHaveLength(1);
  });

  it('checks the tiers before proposing: a number, ascending, within one’s own contract; then proposes', async () => {
    const calls = await setup({ [PAGE]: () => UPLINE, [PROPOSE]: () => ({ ...PROPOSAL, id: 8, downlineId: 31, downline: 'sub001' }) });
    const row = screen.getByTestId('contract-downline');
    fireEvent.click(within(row).getByRole('button', { name: TY.contract_propose }));
    const form = screen.getByTestId('contract-propose-form');
    const field = (key: string) => within(form).getByLabelText(TY[key]) as HTMLInputElement;
    const submit = within(form).getByRole('button', { name: TY.contract_propose });
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    fireEvent.change(field('contract_field_turnover'), { target: { value: 'abc' } });
    fireEvent.click(submit);
    expect(await within(form).findByText(ty('contract_tier_error', { n: 1, message: TY.contract_field_invalid }))).toBeTruthy();
    expect(field('contract_field_turnover').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field('contract_field_turnover'), { target: { value: '1000' } });
    fireEvent.change(field('contract_field_active_members'), { target: { value: '2' } });
    fireEvent.change(field('contract_field_amount'), { target: { value: '60' } });
    fireEvent.click(submit);
    expect(await within(form).findByText(ty('contract_tier_error', { n: 1, message: TY.contract_tier_above_own }))).toBeTruthy();
    expect(callsTo(calls, PROPOSE)).toHaveLength(0);
    fireEvent.change(field('contract_field_amount'), { target: { value: '40' } });
    fireEvent.click(submit);
    expect(await within(form).findByTestId('contract-proposed')).toBeTruthy();
    expect(callsTo(calls, PROPOSE)[0].opts.body).toEqual({ downlineId: 31, terms: { tiers: [{ turnover: 1000, activeMembers: 2, amount: 40 }] } });
  });

  it('names the tier the server refuses', async () => {
    await setup({ [PAGE]: () => ({ ...UPLINE, bounds: { maxTiers: 10 } }), [PROPOSE]: () => fail('contract.terms.exceeded', 'err_contract_terms_exceeded', { field: '/terms/tiers/0/amount', messageKey: 'contract_tier_above_max' }) });
    fireEvent.click(within(screen.getByTestId('contract-downline')).getByRole('button', { name: TY.contract_propose }));
    const form = screen.getByTestId('contract-propose-form');
    fireEvent.change(within(form).getByLabelText(TY.contract_field_turnover), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText(TY.contract_field_active_members), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText(TY.contract_field_amount), { target: { value: '5' } });
    const submit = within(form).getByRole('button', { name: TY.contract_propose });
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    fireEvent.click(submit);
    expect(await within(form).findByText(ty('contract_tier_error', { n: 1, message: TY.contract_tier_above_max }))).toBeTruthy();
  });
});
