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
import schema from './props.schema.json';
import NoticeListView, { openNoticeId } from './notice-list';

const requestMock = vi.mocked(request);

afterEach(() => {
  cleanup();
  requestMock.mockReset();
  document.body.innerHTML = '';
});

describe('notice list', () => {
  it('opens the notice of ?id= (a positive whole number), else none', () => {
    expect(openNoticeId(new URLSearchParams('id=12'))).toBe(12);
    expect(openNoticeId(new URLSearchParams(''))).toBeNull();
    expect(openNoticeId(new URLSearchParams('id=-1'))).toBeNull();
    expect(openNoticeId(new URLSearchParams('id=1.5'))).toBeNull();
    expect(openNoticeId(new URLSearchParams('id=x'))).toBeNull();
  });

  it('is registered with player notices by default and an agent kind', () => {
    expect(manifest.name).toBe('notice-list');
    expect(manifest.defaults).toEqual({ kind: 'player' });
    expect(schema.properties.kind.enum).toEqual(['player', 'agent']);
  });

  it('renders its loading frame on the server, hydrates without a mismatch, then lists the notices with the open body sanitised', async () => {
    requestMock.mockResolvedValue({
      banners: [],
      notices: [{ id: 5, title: 'Hello', content: '<p>Body</p><a href="javascript:alert(1)">x</a>' }],
      popups: [],
      hotMatches: [],
      agentNotices: [],
      footer: { unreadCount: 0 },
    });
    const view = () => (
      <Harness options={{ route: '/m/notice?id=5' }}>
        <NoticeListView kind="player" />
      </Harness>
    );
    const server = renderToString(view());
    expect(server).toContain('notice-list--loading');
    expect(requestMock).not.toHaveBeenCalled();
    const container = document.createElement('div');
    container.innerHTML = server;
    document.body.appendChild(container);
    const mismatch = vi.fn();
    const root = await act(async () => hydrateRoot(container, view(), { onRecoverableError: mismatch }));
    await vi.waitFor(() => expect(container.querySelector('#notice-panel-5')?.innerHTML).toContain('<p>Body</p>'));
    expect(mismatch).not.toHaveBeenCalled();
    expect(container.querySelector('#notice-panel-5')?.innerHTML).not.toContain('javascript');
    expect(container.querySelector('#notice-item-5')?.getAttribute('aria-expanded')).toBe('true');
    act(() => root.unmount());
  });
});
