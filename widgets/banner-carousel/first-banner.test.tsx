// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Announcements } from '../../src/features/home';
import { Harness, renderWithRuntime } from '../../tests/renderer/harness';
import { lastSwiper, swiperCalls } from '../../tests/features/home/swiper-mock';
import BannerCarouselView from './banner-carousel';
import { BANNER_AUTOPLAY_MS, SWIPER_IDLE_TIMEOUT_MS } from './use-banner-swiper';

// Counts how often the Swiper chunk is fetched: nothing here imports it before the widget does.
const swiperChunk = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./banner-swiper', async (importOriginal) => {
  swiperChunk.loads += 1;
  return importOriginal();
});
vi.mock('swiper/react', () => import('../../tests/features/home/swiper-mock'));
vi.mock('swiper/modules', () => ({ Autoplay: {}, Pagination: {} }));
let banners: Announcements['banners'] | undefined;
vi.mock('../../src/features/home/api/announcements', () => ({
  useHomeAnnouncements: () => ({ data: banners ? { banners, notices: [], popups: [], hotMatches: [], agentNotices: [], footer: { unreadCount: 0 } } : undefined }),
}));

const banner = (id: number, link: string | null = `/m/promo${id}`) => ({ id, title: `Banner ${id}`, url: `https://cdn.example.com/b${id}.png`, link });

/** A requestIdleCallback the test runs by hand. */
function stubIdle() {
  const tasks: IdleRequestCallback[] = [];
  const requestIdleCallback = vi.fn((task: IdleRequestCallback, _options?: IdleRequestOptions) => tasks.push(task));
  window.requestIdleCallback = requestIdleCallback;
  window.cancelIdleCallback = vi.fn();
  const runIdle = () => act(() => tasks.splice(0).forEach((task) => task({ didTimeout: false, timeRemaining: () => 50 })));
  return { requestIdleCallback, runIdle };
}

function expectFirstBanner(img: HTMLElement) {
  expect(img.getAttribute('alt')).toBe('Banner 1');
  expect(img.getAttribute('src')).toBe('https://cdn.example.com/b1.png');
  expect(img.getAttribute('fetchpriority')).toBe('high');
  expect(img.getAttribute('decoding')).toBe('async');
  expect(img.getAttribute('loading')).not.toBe('lazy');
  expect(img.getAttribute('width')).toBe('750');
  expect(img.getAttribute('height')).toBe('300');
  expect(img.closest('a')?.getAttribute('href')).toBe('/m/promo1');
}

const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** Fires the image event `fire` and returns the timer it started for the first autoplay step (run by hand). */
function firstStepTimer(fire: () => void): () => void {
  const timers = vi.spyOn(window, 'setTimeout');
  fire();
  const call = timers.mock.calls.find(([, ms]) => ms === BANNER_AUTOPLAY_MS);
  timers.mockRestore();
  expect(call).toBeDefined();
  return () => act(() => (call?.[0] as () => void)());
}

beforeEach(() => {
  swiperCalls.length = 0;
  banners = [banner(1), banner(2), banner(3)];
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(window, 'requestIdleCallback');
  Reflect.deleteProperty(window, 'cancelIdleCallback');
});

describe('first banner', () => {
  // Runs first: the Swiper chunk must not have been fetched by anything before it.
  it('paints at once as a plain image in its link, before the Swiper chunk is fetched', async () => {
    const { requestIdleCallback } = stubIdle();
    renderWithRuntime(<BannerCarouselView />);
    const imgs = screen.getAllByRole('img');
    expect(imgs).toHaveLength(1);
    expectFirstBanner(imgs[0]);
    expect(imgs[0].closest('section')?.className).toBe('banner-carousel');
    await tick();
    expect(screen.queryByTestId('swiper')).toBeNull();
    expect(swiperCalls).toHaveLength(0);
    expect(swiperChunk.loads).toBe(0);
    // The Swiper chunk must not compete with the first banner's image for the network.
    expect(requestIdleCallback).not.toHaveBeenCalled();
  });

  it('a press on the banner fetches Swiper, which takes over with the same first slide once the press ends', async () => {
    stubIdle();
    renderWithRuntime(<BannerCarouselView />);
    const section = document.querySelector('section.banner-carousel');
    fireEvent.pointerDown(screen.getByRole('img'));
    await tick();
    expect(swiperChunk.loads).toBe(1);
    // Still the plain image while pressed, so a tap reaches the link it started on.
    expect(screen.queryByTestId('swiper')).toBeNull();
    fireEvent.pointerUp(screen.getByRole('img'));
    expect(await screen.findByTestId('swiper')).toBeTruthy();
    expect(document.querySelector('section.banner-carousel')).toBe(section);
    const imgs = screen.getAllByRole('img');
    expect(imgs.map((i) => i.getAttribute('alt'))).toEqual(['Banner 1', 'Banner 2', 'Banner 3']);
    expectFirstBanner(imgs[0]);
    expect(imgs.slice(1).map((i) => i.getAttribute('loading'))).toEqual(['lazy', 'lazy']);
    expect(imgs.slice(1).map((i) => i.getAttribute('fetchpriority'))).toEqual([null, null]);
    expect(screen.getByTestId('pagination')).toBeTruthy();
    // A press is not an autoplay step: the first slide stays.
    expect(lastSwiper()?.onSwiper).toBeUndefined();
  });

  it('Swiper is not fetched until the first autoplay step is due; then it takes over at an idle moment and makes that step', async () => {
    const { requestIdleCallback, runIdle } = stubIdle();
    renderWithRuntime(<BannerCarouselView />);
    const due = firstStepTimer(() => fireEvent.load(screen.getByRole('img')));
    await tick();
    expect(requestIdleCallback).not.toHaveBeenCalled();
    expect(screen.queryByTestId('swiper')).toBeNull();
    due();
    expect(requestIdleCallback).toHaveBeenCalledTimes(1);
    expect(requestIdleCallback.mock.calls[0][1]).toEqual({ timeout: SWIPER_IDLE_TIMEOUT_MS });
    expect(screen.queryByTestId('swiper')).toBeNull();
    runIdle();
    expect(await screen.findByTestId('swiper')).toBeTruthy();
    expectFirstBanner(screen.getAllByRole('img')[0]);
    expect(lastSwiper()?.onSwiper).toBeTypeOf('function');
  });

  it('without requestIdleCallback a timer stands in, and an image that fails to load does not hold Swiper back', async () => {
    renderWithRuntime(<BannerCarouselView />);
    const due = firstStepTimer(() => fireEvent.error(screen.getByRole('img')));
    expect(screen.queryByTestId('swiper')).toBeNull();
    due();
    expect(await screen.findByTestId('swiper')).toBeTruthy();
    expect(screen.getAllByTestId('swiper-slide')).toHaveLength(3);
  });

  it('one banner never asks for Swiper', async () => {
    banners = [banner(1)];
    const { requestIdleCallback } = stubIdle();
    renderWithRuntime(<BannerCarouselView />);
    fireEvent.load(screen.getByRole('img'));
    fireEvent.pointerDown(screen.getByRole('img'));
    fireEvent.pointerUp(screen.getByRole('img'));
    await tick();
    expect(requestIdleCallback).not.toHaveBeenCalled();
    expect(screen.queryByTestId('swiper')).toBeNull();
    expectFirstBanner(screen.getByRole('img'));
  });

  it('the server render is the first client render, and hydrates without a mismatch', async () => {
    stubIdle();
    const ui = (
      <Harness options={{}}>
        <BannerCarouselView />
      </Harness>
    );
    const server = renderToString(ui);
    const serverDom = document.createElement('div');
    serverDom.innerHTML = server;
    // React puts a preload of the first banner ahead of the markup (the head, on a full page): not the widget's markup.
    const preload = serverDom.querySelector('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('href')).toBe('https://cdn.example.com/b1.png');
    expect(preload?.getAttribute('fetchpriority')).toBe('high');
    preload?.remove();
    expectFirstBanner(serverDom.querySelector('section.banner-carousel > a > img') as HTMLElement);

    const { container } = render(ui);
    expect(container).toEqual(serverDom);
    cleanup();

    const host = document.createElement('div');
    host.innerHTML = server;
    document.body.append(host);
    const recoverable = vi.fn();
    // React reports attribute mismatches on the console rather than as recoverable errors.
    const consoleError = vi.spyOn(console, 'error');
    const root = await act(async () => hydrateRoot(host, ui, { onRecoverableError: recoverable }));
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
    expect(host.querySelector('section.banner-carousel')).toEqual(serverDom.querySelector('section.banner-carousel'));
    act(() => root.unmount());
    host.remove();
  });
});
