// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure, request, requestDownload } from '../../src/lib/api/client';
import type { Statement } from '../../src/features/protection';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, renderForm, scriptApi, setUpFormTests } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
  requestDownload: vi.fn(),
}));

const ActivityStatement = manifest.component;
setUpFormTests(request, <ActivityStatement />, () => import('./activity-statement'));

const GET = 'GET /wps/member/statement';
const STATEMENT: Statement = {
  currency: 'PHP',
  months: [
    { month: '2026-11', deposits: 400, withdrawals: 100, stakes: 1250.5, wins: 1000, net: -250.5, bets: 42 },
    { month: '2026-10', deposits: 0, withdrawals: 0, stakes: 0, wins: 0, net: 0, bets: 0 },
  ],
};

function signIn() {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 0, firstTimeLogin: false }));
  reloadSessionFromStorage();
}

describe('activity-statement', () => {
  afterEach(() => {
    // A failed attempt must not leave queued answers or the click spy to the retry.
    vi.mocked(requestDownload).mockReset();
    vi.restoreAllMocks();
  });

  it('renders on the server without reading the member or calling the API', () => {
    const calls = scriptApi(request, {});
    expect(renderToString(<ActivityStatement />)).not.toContain('statement-month');
    expect(calls).toEqual([]);
  });

  it('shows each month with deposits, withdrawals, stakes, wins, bets and the net result', async () => {
    signIn();
    const calls = scriptApi(request, { [GET]: () => STATEMENT });
    renderForm(<ActivityStatement months={2} />, { route: '/m/member/statement' });
    const cards = await screen.findAllByTestId('statement-month');
    expect(cards.map((c) => c.dataset.month)).toEqual(['2026-11', '2026-10']);
    expect((callsTo(calls, GET)[0].opts.query as { months: number }).months).toBe(2);
    const nov = within(cards[0]);
    expect(nov.getByTestId('statement-deposits').textContent).toBe('₱400.00');
    expect(nov.getByTestId('statement-withdrawals').textContent).toBe('₱100.00');
    expect(nov.getByTestId('statement-stakes').textContent).toBe('₱1,250.50');
    expect(nov.getByTestId('statement-wins').textContent).toBe('₱1,000.00');
    expect(nov.getByTestId('statement-bets').textContent).toBe('42');
    expect(nov.getByTestId('statement-net').textContent).toBe('-₱250.50');
    expect(screen.getByText(TY.limits_statement_intro)).toBeTruthy();
  });

  it('downloads the CSV with the session and saves it from a blob link; a refusal is said in words', async () => {
    signIn();
    scriptApi(request, { [GET]: () => STATEMENT });
    const download = vi.mocked(requestDownload);
    download.mockResolvedValueOnce({ blob: new Blob(['month,currency\r\n'], { type: 'text/csv' }), filename: 'statement-2026-11.csv' });
    const created: string[] = [];
    URL.createObjectURL = vi.fn(() => {
      created.push('blob:x');
      return 'blob:x';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderForm(<ActivityStatement months={3} />, { route: '/m/member/statement' });
    await screen.findAllByTestId('statement-month');
    fireEvent.click(screen.getByRole('button', { name: TY.limits_statement_download }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(download).toHaveBeenCalledWith('/wps/member/statement.csv', { query: { months: 3 } });
    expect(clicked[0].download).toBe('statement-2026-11.csv');
    expect(clicked[0].href).toBe('blob:x');
    download.mockRejectedValueOnce(new ApiFailure('trial.forbidden', 'login_actual_account', 403));
    // The button stays disabled until the first download has settled.
    const button = screen.getByRole('button', { name: TY.limits_statement_download });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(TY.login_actual_account);
    expect(click).toHaveBeenCalledTimes(1);
  });
});
