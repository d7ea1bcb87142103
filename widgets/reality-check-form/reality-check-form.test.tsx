// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/lib/api/client';
import { useRealityCheck, type RealityState } from '../../src/features/protection';
import { useMemberScope } from '../../src/lib/runtime';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, renderForm, scriptApi, setUpFormTests } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const RealityCheckForm = manifest.component;
setUpFormTests(request, <RealityCheckForm />, () => import('./reality-check-form'));

const GET = 'GET /wps/member/realityCheck';
const PUT = 'PUT /wps/member/realityCheck';
const STATE: RealityState = { minutes: 0, choices: [0, 15, 30, 60], due: false, startedAt: '2026-11-23T01:00:00.000Z', playedSeconds: 0, stakes: 0, wins: 0, net: 0 };
const every = (count: number) => TY.reality_every.replace('{{count}}', String(count));

function signIn() {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 0, firstTimeLogin: false }));
  reloadSessionFromStorage();
}

/** Another reader of the member's reality check under the same SWR cache (keyed by member, as the hook says). */
function OtherReader() {
  useRealityCheck(useMemberScope());
  return null;
}

describe('reality-check-form', () => {
  it('shows the interval in force and saves the chosen one', async () => {
    signIn();
    const calls = scriptApi(request, { [GET]: () => STATE, [PUT]: () => ({ ...STATE, minutes: 30 }) });
    renderForm(<RealityCheckForm />, { route: '/m/member/realityCheck' });
    expect(((await screen.findByLabelText(TY.reality_off)) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText(every(30)));
    fireEvent.click(screen.getByTestId('reality-save'));
    await waitFor(() => expect(callsTo(calls, PUT)).toHaveLength(1));
    expect(callsTo(calls, PUT)[0].opts.body).toEqual({ minutes: 30 });
    await waitFor(() => expect((screen.getByLabelText(every(30)) as HTMLInputElement).checked).toBe(true));
  });

  it('is keyed by member: another reader on the same screen shares its one request', async () => {
    signIn();
    const calls = scriptApi(request, { [GET]: () => STATE });
    renderForm(
      <>
        <OtherReader />
        <RealityCheckForm />
      </>,
      { route: '/m/member/realityCheck' },
    );
    await screen.findByLabelText(every(15));
    expect(callsTo(calls, GET)).toHaveLength(1);
  });
});
