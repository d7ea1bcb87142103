// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeDownloadPopup, HIDE_DOWNLOAD_BAR_KEY, openDownloadPopup } from '../../src/features/home';
import { renderWithRuntime, TY } from '../../tests/renderer/harness';
import { fixtureTenant } from '../../tests/renderer/fixtures/tenant';
import DownloadBarView from './download-bar';

const IPHONE_16 = 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.4 Mobile/15E148 Safari/604.1';
const IPHONE_17 = IPHONE_16.replace('16_4', '17_2');
const IPHONE_12 = IPHONE_16.replace('16_4', '12_1');
const ANDROID = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const realUserAgent = navigator.userAgent;

function setUserAgent(ua: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true });
}

function tenantWithLinks() {
  const tenant = fixtureTenant();
  tenant.settings.downloads = [
    { resourceType: 'Android', url: 'https://dl.example.com/app.apk' },
    { resourceType: 'IOS', url: 'https://dl.example.com/app.ipa' },
    { resourceType: 'MOBILECONFIG', url: 'https://dl.example.com/profile.mobileconfig' },
  ];
  return tenant;
}

beforeAll(() => setUserAgent(IPHONE_16));
afterAll(() => setUserAgent(realUserAgent));
beforeEach(() => localStorage.clear());
afterEach(() => {
  act(() => closeDownloadPopup());
  cleanup();
  setUserAgent(IPHONE_16);
});

describe('download bar', () => {
  it('shows the bar; hiding it stores hideDownloadBar and keeps it hidden', () => {
    const first = renderWithRuntime(<DownloadBarView requiredLogin={false} />, { tenant: tenantWithLinks() });
    const bar = screen.getByRole('region', { name: TY.download_app });
    expect(within(bar).getByText(TY.download_bar_text)).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: TY.close }));
    expect(localStorage.getItem(HIDE_DOWNLOAD_BAR_KEY)).not.toBeNull();
    expect(screen.queryByRole('region', { name: TY.download_app })).toBeNull();
    first.unmount();
    renderWithRuntime(<DownloadBarView requiredLogin={false} />, { tenant: tenantWithLinks() });
    expect(screen.queryByRole('region', { name: TY.download_app })).toBeNull();
  });

  it('shows nothing without a link for the platform, or to a visitor when login is required', () => {
    const tenant = fixtureTenant();
    tenant.settings.downloads = [{ resourceType: 'IOS', url: 'https://dl.example.com/app.ipa' }];
    setUserAgent(ANDROID);
    const { container, unmount } = renderWithRuntime(<DownloadBarView requiredLogin={false} />, { tenant });
    expect(container.innerHTML).toBe('');
    unmount();
    setUserAgent(IPHONE_16);
    const second = renderWithRuntime(<DownloadBarView requiredLogin />, { tenant: tenantWithLinks() });
    expect(second.container.innerHTML).toBe('');
  });

  it('the download button opens the popup with the iOS options of the device', () => {
    renderWithRuntime(<DownloadBarView requiredLogin={false} />, { tenant: tenantWithLinks() });
    fireEvent.click(screen.getByRole('button', { name: TY.download }));
    const dialog = screen.getByRole('dialog', { name: TY.download_app });
    const links = within(dialog).getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('data-kind'), a.getAttribute('href')])).toEqual([
      ['ios', 'https://dl.example.com/app.ipa'],
      ['profile', 'https://dl.example.com/profile.mobileconfig'],
      [null, '/m/download'],
    ]);
    expect(within(dialog).getByRole('link', { name: TY.download_more_options })).toBeTruthy();
    expect(within(dialog).getByText(TY.ios_recommended)).toBeTruthy();
    expect(within(dialog).queryByText(TY.ios17_profile_manual)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: TY.close }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells iOS 17 players to install the profile by hand, and shows the iOS 12.0-12.1 guide with its profile button', () => {
    setUserAgent(IPHONE_17);
    const first = renderWithRuntime(<DownloadBarView requiredLogin={false} />, { tenant: tenantWithLinks() });
    act(() => openDownloadPopup());
    expect(screen.getByText(TY.ios17_profile_manual)).toBeTruthy();
    first.unmount();
    act(() => closeDownloadPopup());
    setUserAgent(IPHONE_12);
    renderWithRuntime(<DownloadBarView requiredLogin={false} />, { tenant: tenantWithLinks() });
    act(() => openDownloadPopup());
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: TY.ios_guide })).toBeTruthy();
    expect(within(dialog).getByText(TY.ios_guide_12)).toBeTruthy();
    expect(within(dialog).getByText(TY.ios_guide_12_steps)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: TY.profile_download }).getAttribute('href')).toBe('https://dl.example.com/profile.mobileconfig');
  });

  it("offers the site's own configuration profile on iOS when the tenant has none", () => {
    const tenant = fixtureTenant();
    tenant.settings.downloads = [{ resourceType: 'Android', url: 'https://dl.example.com/app.apk' }];
    renderWithRuntime(<DownloadBarView requiredLogin={false} />, { tenant });
    fireEvent.click(screen.getByRole('button', { name: TY.download }));
    const dialog = screen.getByRole('dialog', { name: TY.download_app });
    expect(within(dialog).getByRole('link', { name: TY.profile_download }).getAttribute('href')).toBe('/profile.mobileconfig');
  });

  it('the popup still opens (from the notice bar) when the bar itself is hidden', () => {
    localStorage.setItem(HIDE_DOWNLOAD_BAR_KEY, '1');
    renderWithRuntime(<DownloadBarView requiredLogin={false} />, { tenant: tenantWithLinks() });
    expect(screen.queryByRole('region')).toBeNull();
    act(() => openDownloadPopup());
    expect(screen.getByRole('dialog', { name: TY.download_app })).toBeTruthy();
  });
});
