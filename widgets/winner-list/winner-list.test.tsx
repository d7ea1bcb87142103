// @vitest-environment jsdom
import { act, cleanup } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/client', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, request: vi.fn() };
});

import { request } from '../../src/lib/api/client';
import { Harness } from '../../tests/renderer/harness';
import manifest from './index';
import WinnerListView, { formatWinAmount, periodOf } from './winner-list';

const requestMock = vi.mocked(request);

afterEach(() => {
  cleanup();
  requestMock.mockReset();
  document.body.innerHTML = '';
});

describe('winner list', () => {
  it('opens the tab of ?period= when it is offered, else the first', () => {
    const all = ['today', 'week', 'month'] as const;
    expect(periodOf(new URLSearchParams('period=week'), all)).toBe('week');
    expect(periodOf(new URLSearchParams('period=year'), all)).toBe('today');
    expect(periodOf(new URLSearchParams('period=today'), ['month', 'week'])).toBe('month');
    expect(formatWinAmount('₱', 1234.5)).toBe('₱1,234.50');
  });

  it('is registered with the three periods and 20 winners by default', () => {
    expect(manifest.name).toBe('winner-list');
    expect(manifest.defaults).toEqual({ periods: ['today', 'week', 'month'], limit: 20 });
  });

  it('renders its frame on the server, hydrates without a mismatch, then lists the winners of the period', async () => {
    requestMock.mockResolvedValue({
      period: 'week',
      from: '2026-11-22T16:00:00.000Z',
      currencySymbol: '₱',
      list: [{ iconUrl: '/i.png', customerName: 'ab***yz', gameName: 'Lucky 7', winAmount: 500, currency: 'PHP', createdAt: '2026-11-23T01:00:00.000Z', nodeId: '1', vassalage: 'INHOUSE', gameType: 'RNG', gameId: 'g', supportPlay: true }],
    });
    const view = () => (
      <Harness options={{ route: '/m/winnerPage?period=week' }}>
        <WinnerListView periods={['today', 'week', 'month']} limit={20} />
      </Harness>
    );
    const server = renderToString(view());
    expect(server).toContain('winner-list__loading');
    expect(server).toContain('aria-selected="true"');
    const container = document.createElement('div');
    container.innerHTML = server;
    document.body.appendChild(container);
    const mismatch = vi.fn();
    const root = await act(async () => hydrateRoot(container, view(), { onRecoverableError: mismatch }));
    await vi.waitFor(() => expect(container.querySelector('.winner-list__name')?.textContent).toBe('ab***yz'));
    expect(mismatch).not.toHaveBeenCalled();
    expect(requestMock).toHaveBeenCalledWith('GET', '/wps/game/winners', { query: { period: 'week', language: expect.any(String), limitNum: 20 } });
    expect(container.querySelector('.winner-list__amount')?.textContent).toBe('₱500.00');
    act(() => root.unmount());
  });
});
