// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/lib/api/client';
import type { DividendPage } from '../../src/features/agent';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { renderForm, scriptApi, setUpFormTests } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const AgentDividend = manifest.component;
setUpFormTests(request, <AgentDividend />, () => import('./agent-dividend'));

const PAGE: DividendPage = {
  estimate: { period: '2026-11-H2', netLoss: 699.99, percent: 12.5, amount: 87.49 },
  settlements: [{ id: 3, contractId: 8, period: '2026-11-H1', netLoss: 1000, amount: 125, createdAt: '2026-11-16T01:00:00.000Z' }],
  currency: 'PHP',
};

describe('agent-dividend', () => {
  it('renders on the server without calling the API', () => {
    const calls = scriptApi(request, {});
    expect(renderToString(<AgentDividend />)).not.toContain('dividend-settlement');
    expect(calls).toEqual([]);
  });

  it("shows the current period's estimate and the dividends paid", async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'sub001', type: 1, firstTimeLogin: false }));
    reloadSessionFromStorage();
    scriptApi(request, { 'GET /wps/agent/dividend': () => PAGE });
    renderForm(<AgentDividend />, { route: '/m/member/agent/agentDivident' });
    const estimate = await screen.findByTestId('dividend-estimate');
    expect(within(estimate).getByTestId('dividend-estimate-amount').textContent).toBe('₱87.49');
    expect(within(estimate).getByText('2026-11-H2')).toBeTruthy();
    const [paid] = screen.getAllByTestId('dividend-settlement');
    expect(paid.textContent).toContain('₱125.00');
    expect(paid.textContent).toContain('2026-11-16 09:00:00');
    expect(screen.getByRole('link', { name: TY.dividend_contract }).getAttribute('href')).toBe('/m/member/agent/getDevidendContract');
  });
});
