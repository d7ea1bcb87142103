// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Announcements } from '../../src/features/home';
import { renderWithRuntime } from '../../tests/renderer/harness';
import { lastSwiper, swiperCalls } from '../../tests/features/home/swiper-mock';
import BannerCarouselView from './banner-carousel';
import { BANNER_AUTOPLAY_MS, bannerSwiperOptions } from './banner-swiper';
import { isSitePath } from './banner-link';

vi.mock('swiper/react', () => import('../../tests/features/home/swiper-mock'));
vi.mock('swiper/modules', () => ({ Autoplay: {}, Pagination: {} }));
let banners: Announcements['banners'] | undefined;
vi.mock('../../src/features/home/api/announcements', () => ({
  useHomeAnnouncements: () => ({ data: banners ? { banners, notices: [], popups: [], hotMatches: [], agentNotices: [], footer: { unreadCount: 0 } } : undefined }),
}));

const banner = (id: number, link: string | null = null) => ({ id, title: `Banner ${id}`, url: `https://cdn.example.com/b${id}.png`, link });

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

beforeEach(() => {
  swiperCalls.length = 0;
});
afterEach(cleanup);

describe('banner carousel', () => {
  it('with more than one banner: loops, autoplays every 5000 ms and shows pagination dots', () => {
    expect(BANNER_AUTOPLAY_MS).toBe(5000);
    expect(bannerSwiperOptions(2)).toEqual({ loop: true, autoplay: { delay: 5000, disableOnInteraction: false }, pagination: { clickable: true } });
    expect(bannerSwiperOptions(1)).toEqual({ loop: false, autoplay: false, pagination: false });
  });

  it('one banner is a static image with no carousel and no dots', () => {
    banners = [banner(1, '/m/activity')];
    renderWithRuntime(<BannerCarouselView />);
    expect(screen.queryByTestId('swiper')).toBeNull();
    expect(document.querySelector('.swiper-pagination')).toBeNull();
    const img = screen.getByRole('img', { name: 'Banner 1' });
    expect(img.getAttribute('width')).toBe('750');
    expect(img.getAttribute('height')).toBe('300');
  });

  it('several banners go into the looping Swiper with dots (Swiper loads lazily)', async () => {
    banners = [banner(1), banner(2), banner(3)];
    renderWithRuntime(<BannerCarouselView />);
    // A press fetches Swiper at once (without one it waits for the first autoplay step).
    fireEvent.pointerDown(screen.getByRole('img'));
    fireEvent.pointerUp(screen.getByRole('img'));
    expect(await screen.findByTestId('swiper')).toBeTruthy();
    expect(lastSwiper()).toMatchObject({ loop: true, autoplay: { delay: 5000 }, pagination: { clickable: true } });
    expect(screen.getAllByTestId('swiper-slide')).toHaveLength(3);
    expect(screen.getByTestId('pagination')).toBeTruthy();
    const imgs = screen.getAllByRole('img');
    expect(imgs.map((i) => i.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
  });

  it('banners are clickable: a site path navigates in the app, http(s) opens a new tab, anything else is not a link', () => {
    banners = [banner(1, '/m/activity')];
    renderWithRuntime(
      <>
        <BannerCarouselView />
        <LocationProbe />
      </>,
    );
    fireEvent.click(screen.getByRole('link'));
    expect(screen.getByTestId('location').textContent).toBe('/m/activity');
    cleanup();
    // A route this tenant closes (not whitelisted here) is no link: it would only bounce home.
    banners = [banner(3, '/m/rewardCenter')];
    renderWithRuntime(<BannerCarouselView />);
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    banners = [banner(2, 'https://promo.example.com/x')];
    renderWithRuntime(<BannerCarouselView />);
    const ext = screen.getByRole('link');
    expect(ext.getAttribute('target')).toBe('_blank');
    expect(ext.getAttribute('rel')).toBe('noopener noreferrer');
    cleanup();
    banners = [banner(3, 'javascript:alert(1)')];
    renderWithRuntime(<BannerCarouselView />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(isSitePath('//evil.example')).toBe(false);
  });

  it('renders nothing without banners', () => {
    banners = [];
    const { container } = renderWithRuntime(<BannerCarouselView />);
    expect(container.innerHTML).toBe('');
  });
});
