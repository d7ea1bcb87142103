// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { MemberInfo } from '../../src/generated/api/member';
import { clearMemberData, setMemberData } from '../../src/features/account';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { location, renderForm } from '../../tests/forms/helpers';
import manifest from './index';

const ContractPrompt = manifest.component;

const INFO: MemberInfo = {
  id: 21,
  account: 'sub001',
  type: 1,
  regDate: '2026-11-01T00:00:00.000Z',
  toUpline: 'boss1',
  passwordSet: true,
  vipLevel: 0,
  vipName: 'vip_level_regular',
  dailysalreqtype: '7',
  divtypecompperiodreq: '',
  contracthoursalreq: '9',
};

function signIn(token = 'tok-0123456789abcdef') {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token, merchantCode: 'fixture01', userName: 'sub001', type: 1, firstTimeLogin: false }));
  reloadSessionFromStorage();
}

afterEach(() => {
  cleanup();
  clearMemberData();
  sessionStorage.clear();
  localStorage.clear();
});

describe('contract-prompt', () => {
  it('renders nothing on the server nor without a contract awaiting', () => {
    expect(renderToString(<ContractPrompt />)).toBe('');
    signIn();
    setMemberData({ member: { ...INFO, dailysalreqtype: '', contracthoursalreq: '' } });
    renderForm(<ContractPrompt />, { route: '/m/home' });
    expect(screen.queryByTestId('contract-prompt')).toBeNull();
  });

  it('one prompt per contract awaiting, in order; each opens its page; once per login', async () => {
    signIn();
    setMemberData({ member: INFO });
    const view = renderForm(<ContractPrompt />, { route: '/m/home' });
    expect((await screen.findByTestId('contract-prompt')).textContent).toBe(TY.contract_prompt_salary);
    fireEvent.click(screen.getByRole('button', { name: TY.contract_prompt_later }));
    expect((await screen.findByTestId('contract-prompt')).textContent).toBe(TY.contract_prompt_hourly);
    fireEvent.click(screen.getByRole('button', { name: TY.contract_prompt_open }));
    await waitFor(() => expect(location()).toBe('/m/member/agent/getHourContract'));
    view.unmount();
    // Home again in the same login: no prompt.
    renderForm(<ContractPrompt />, { route: '/m/home' });
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('contract-prompt')).toBeNull();
  });

  it('skips agent-like types 4, 40, 41 and 42', async () => {
    signIn();
    setMemberData({ member: { ...INFO, type: 41 } });
    renderForm(<ContractPrompt />, { route: '/m/home' });
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('contract-prompt')).toBeNull();
  });
});
