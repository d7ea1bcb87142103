// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Announcements } from '../../src/features/home';
import { closeDownloadPopup, downloadPopupStore } from '../../src/features/home';
import { Harness, renderWithRuntime, TY } from '../../tests/renderer/harness';
import { stubIntersectionObserver } from '../../tests/components/animation-stubs';
import { fixtureTenant } from '../../tests/renderer/fixtures/tenant';
import NoticeBarView from './notice-bar';

let notices: Announcements['notices'] = [];
vi.mock('../../src/features/home/api/announcements', () => ({
  useHomeAnnouncements: () => ({ data: { banners: [], notices, popups: [], hotMatches: [], agentNotices: [], footer: { unreadCount: 0 } } }),
}));

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.4 Mobile/15E148 Safari/604.1';

afterEach(() => {
  cleanup();
  act(() => closeDownloadPopup());
  vi.unstubAllGlobals();
});

describe('notice bar', () => {
  it("says 'no_announcement' when there are no notices, and links to the notice list", () => {
    notices = [];
    renderWithRuntime(<NoticeBarView to="/m/notice" download />);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/m/notice');
    expect(link.textContent).toContain(TY.no_announcement);
  });

  it('scrolls the notice titles', () => {
    notices = [
      { id: 1, title: 'Maintenance on Sunday', content: '<p>x</p>' },
      { id: 2, title: 'New games', content: '<p>y</p>' },
    ];
    renderWithRuntime(<NoticeBarView to="/m/notice" download />);
    const text = document.querySelector('.notice-bar__text');
    expect(text?.textContent).toContain('Maintenance on Sunday');
    expect(text?.textContent).toContain('New games');
    expect(text?.className).toContain('notice-bar__text--moving');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/m/notice');
  });

  it('opens the notice itself when there is only one', () => {
    notices = [{ id: 7, title: 'Maintenance on Sunday', content: '<p>x</p>' }];
    renderWithRuntime(<NoticeBarView to="/m/notice" download />);
    expect(screen.getByRole('link').getAttribute('href')).toBe('/m/notice?id=7');
  });

  it('stops the marquee where it is while off screen, and goes on when back', () => {
    notices = [{ id: 1, title: 'Maintenance on Sunday', content: '<p>x</p>' }];
    const io = stubIntersectionObserver();
    renderWithRuntime(<NoticeBarView to="/m/notice" download />);
    const track = document.querySelector('.notice-bar__track')!;
    const text = document.querySelector('.notice-bar__text')!;
    expect(text.className).not.toContain('notice-bar__text--paused');
    act(() => io.show(track, false));
    expect(text.className).toContain('notice-bar__text--moving notice-bar__text--paused');
    act(() => io.show(track, true));
    expect(text.className).not.toContain('notice-bar__text--paused');
  });

  it('reads the phone after the first render: the server and the first browser render leave the download button out', () => {
    const ua = navigator.userAgent;
    Object.defineProperty(window.navigator, 'userAgent', { value: IPHONE, configurable: true });
    try {
      const tenant = fixtureTenant();
      tenant.settings.downloads = [{ resourceType: 'IOS', url: 'https://dl.example.com/app.ipa' }];
      const html = renderToString(
        <Harness options={{ tenant }}>
          <NoticeBarView to="/m/notice" download />
        </Harness>,
      );
      expect(html).not.toContain('notice-bar__download');
      renderWithRuntime(<NoticeBarView to="/m/notice" download />, { tenant });
      expect(screen.getByRole('button', { name: TY.download })).toBeTruthy();
    } finally {
      Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true });
    }
  });

  it('the download button opens the download popup where the device has something to download', () => {
    const ua = navigator.userAgent;
    Object.defineProperty(window.navigator, 'userAgent', { value: IPHONE, configurable: true });
    try {
      const tenant = fixtureTenant();
      tenant.settings.downloads = [{ resourceType: 'IOS', url: 'https://dl.example.com/app.ipa' }];
      renderWithRuntime(<NoticeBarView to="/m/notice" download />, { tenant });
      fireEvent.click(screen.getByRole('button', { name: TY.download }));
      expect(downloadPopupStore.open).toBe(true);
      cleanup();
      renderWithRuntime(<NoticeBarView to="/m/notice" download={false} />, { tenant });
      expect(screen.queryByRole('button', { name: TY.download })).toBeNull();
    } finally {
      Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true });
    }
    // jsdom's own user agent is no phone: nothing to download, no button.
    const tenant = fixtureTenant();
    tenant.settings.downloads = [{ resourceType: 'IOS', url: 'https://dl.example.com/app.ipa' }];
    renderWithRuntime(<NoticeBarView to="/m/notice" download />, { tenant });
    expect(screen.queryByRole('button', { name: TY.download })).toBeNull();
  });
});
