// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Announcements } from '../../src/features/home';
import { SESSION_KEY, sessionStore } from '../../src/lib/session';
import { renderWithRuntime, TY } from '../../tests/renderer/harness';
import { fixtureTenant } from '../../tests/renderer/fixtures/tenant';
import Dialog from './announcement-popup';
import manifest from './index';
import {
  audienceOf,
  isNewItem,
  linkAction,
  POPUP_CLOSE_MS,
  POPUP_LOAD_DELAY_MS,
  POPUP_STORAGE_PREFIX,
  popupItemsFor,
  readPopupMemory,
  rememberClosed,
  rememberShown,
  shouldShowPopup,
  type PopupItem,
} from './rules';

let popups: PopupItem[] = [];
vi.mock('../../src/features/home/api/announcements', () => ({
  useHomeAnnouncements: () => ({ data: { banners: [], notices: [], popups, hotMatches: [], agentNotices: [], footer: { unreadCount: 0 } } satisfies Announcements }),
}));

const item = (id: number, execution: PopupItem['execution'], over: Partial<PopupItem> = {}): PopupItem => ({
  id,
  title: `Title ${id}`,
  content: `<p>Content ${id}</p>`,
  execution,
  promotionType: null,
  ...over,
});

const AnnouncementPopup = manifest.component;

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

beforeEach(() => {
  localStorage.clear();
  sessionStore.info = null;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  sessionStore.info = null;
});

describe('popup audience and execution', () => {
  const list = [item(1, 'A'), item(2, 'B'), item(3, 'F')];

  it('a session is audience A, a guest B', () => {
    expect(audienceOf(true)).toBe('A');
    expect(audienceOf(false)).toBe('B');
  });

  it('guests get B items; members A items; a first-time login also gets F items', () => {
    expect(popupItemsFor(list, 'B', false).map((i) => i.id)).toEqual([2]);
    expect(popupItemsFor(list, 'B', true).map((i) => i.id)).toEqual([2]);
    expect(popupItemsFor(list, 'A', false).map((i) => i.id)).toEqual([1]);
    expect(popupItemsFor(list, 'A', true).map((i) => i.id)).toEqual([1, 3]);
  });
});

describe('popup memory and the show-again rule', () => {
  const items = [item(1, 'B'), item(2, 'B')];

  it('shows the first time, with nothing stored', () => {
    expect(readPopupMemory('B')).toBeNull();
    expect(shouldShowPopup(items, null)).toBe(true);
    expect(shouldShowPopup([], null)).toBe(false);
  });

  it('keeps titles, contents and the show flag per audience', () => {
    rememberShown('B', items);
    expect(readPopupMemory('B')).toEqual({ titles: ['Title 1', 'Title 2'], contents: ['<p>Content 1</p>', '<p>Content 2</p>'], show: true });
    expect(readPopupMemory('A')).toBeNull();
    rememberClosed('B', items);
    expect(readPopupMemory('B')?.show).toBe(false);
    expect(JSON.parse(localStorage.getItem(`${POPUP_STORAGE_PREFIX}B`) ?? '{}').show).toBe(false);
  });

  it('after a close it stays hidden until the list holds a new item (new title or new content)', () => {
    rememberClosed('B', items);
    const memory = readPopupMemory('B');
    expect(shouldShowPopup(items, memory)).toBe(false);
    expect(shouldShowPopup([items[0]], memory)).toBe(false);
    expect(shouldShowPopup([...items, item(3, 'B')], memory)).toBe(true);
    expect(isNewItem(item(1, 'B', { content: '<p>changed</p>' }), memory)).toBe(true);
    expect(shouldShowPopup([item(1, 'B', { title: 'Renamed' })], memory)).toBe(true);
  });

  it('shows again while the show flag is on (opened but never closed)', () => {
    rememberShown('B', items);
    expect(shouldShowPopup(items, readPopupMemory('B'))).toBe(true);
  });

  it('ignores a corrupt stored record', () => {
    localStorage.setItem(`${POPUP_STORAGE_PREFIX}B`, '{"titles":"x"}');
    expect(readPopupMemory('B')).toBeNull();
    localStorage.setItem(`${POPUP_STORAGE_PREFIX}B`, 'not json');
    expect(readPopupMemory('B')).toBeNull();
  });

  it('follows http(s) links outside, site paths inside, and ignores script or data URLs', () => {
    expect(linkAction('https://example.com/x')).toBe('external');
    expect(linkAction('http://example.com')).toBe('external');
    expect(linkAction('/m/activity')).toBe('internal');
    expect(linkAction('//evil.example')).toBe('ignore');
    expect(linkAction('javascript:alert(1)')).toBe('ignore');
    expect(linkAction('mailto:help@example.com')).toBe('default');
    expect(linkAction(null)).toBe('ignore');
  });
});

describe('announcement dialog', () => {
  const three = [item(1, 'B'), item(2, 'B'), item(3, 'B')];

  it('shows title and sanitised HTML; prev and next page through the items and are disabled at the ends', () => {
    renderWithRuntime(<Dialog items={three} audience="B" goTo="/m/rewardCenter" onClosed={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Title 1' });
    expect(within(dialog).getByText('Content 1')).toBeTruthy();
    const prev = within(dialog).getByRole('button', { name: TY.prev }) as HTMLButtonElement;
    const next = within(dialog).getByRole('button', { name: TY.next }) as HTMLButtonElement;
    expect(prev.disabled).toBe(true);
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    fireEvent.click(next);
    expect(screen.getByRole('dialog', { name: 'Title 3' })).toBeTruthy();
    expect(next.disabled).toBe(true);
    expect(prev.disabled).toBe(false);
    expect(dialog.textContent).toContain('3/3');
  });

  it('hides the pager for a single item', () => {
    renderWithRuntime(<Dialog items={[item(1, 'B')]} audience="B" goTo="/m/rewardCenter" onClosed={() => {}} />);
    expect(screen.queryByRole('button', { name: TY.prev })).toBeNull();
    expect(screen.queryByRole('button', { name: TY.next })).toBeNull();
  });

  it('sanitises the content before inserting it', () => {
    const evil = item(9, 'B', { content: '<p>ok</p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script><a href="javascript:alert(1)">x</a>' });
    renderWithRuntime(<Dialog items={[evil]} audience="B" goTo="/m/rewardCenter" onClosed={() => {}} />);
    const content = document.querySelector('.announcement-popup__content');
    expect(content?.innerHTML).not.toMatch(/onerror|<script|javascript:/i);
  });

  it('closing plays the closing animation, then stores show=false', () => {
    vi.useFakeTimers();
    const onClosed = vi.fn();
    renderWithRuntime(<Dialog items={three} audience="B" goTo="/m/rewardCenter" onClosed={onClosed} />);
    expect(readPopupMemory('B')?.show).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: TY.close }));
    expect(screen.getByRole('dialog').className).toContain('announcement-popup--closing');
    expect(readPopupMemory('B')?.show).toBe(true);
    act(() => vi.advanceTimersByTime(POPUP_CLOSE_MS));
    expect(readPopupMemory('B')?.show).toBe(false);
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('intercepts links: http(s) opens a new tab, a site path closes the popup and navigates in the app', () => {
    vi.useFakeTimers();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const onClosed = vi.fn();
    const links = item(5, 'B', { content: '<p><a href="https://example.com/promo">ext</a> <a href="/m/activity">int</a></p>' });
    renderWithRuntime(
      <>
        <Dialog items={[links]} audience="B" goTo="/m/rewardCenter" onClosed={onClosed} />
        <LocationProbe />
      </>,
    );
    const ext = screen.getByText('ext');
    expect(ext.getAttribute('rel')).toBe('noopener noreferrer');
    const clickExt = new MouseEvent('click', { bubbles: true, cancelable: true });
    ext.dispatchEvent(clickExt);
    expect(clickExt.defaultPrevented).toBe(true);
    expect(open).toHaveBeenCalledWith('https://example.com/promo', '_blank', 'noopener,noreferrer');
    expect(screen.getByTestId('location').textContent).toBe('/m/home');
    const clickInt = new MouseEvent('click', { bubbles: true, cancelable: true });
    screen.getByText('int').dispatchEvent(clickInt);
    expect(clickInt.defaultPrevented).toBe(true);
    act(() => vi.advanceTimersByTime(POPUP_CLOSE_MS));
    expect(screen.getByTestId('location').textContent).toBe('/m/activity');
    expect(onClosed).toHaveBeenCalled();
    open.mockRestore();
  });

  it('the go-to control closes the popup and opens the reward center', () => {
    vi.useFakeTimers();
    const tenant = fixtureTenant();
    tenant.routes.whitelist = [...tenant.routes.whitelist, '/m/rewardCenter'];
    renderWithRuntime(
      <>
        <Dialog items={three} audience="B" goTo="/m/rewardCenter" onClosed={() => {}} />
        <LocationProbe />
      </>,
      { tenant },
    );
    fireEvent.click(screen.getByRole('button', { name: TY.go_to }));
    act(() => vi.advanceTimersByTime(POPUP_CLOSE_MS));
    expect(screen.getByTestId('location').textContent).toBe('/m/rewardCenter');
    expect(readPopupMemory('B')?.show).toBe(false);
    expect(manifest.defaults).toEqual({ goTo: '/m/rewardCenter' });
  });
});

describe('announcement popup links to closed routes', () => {
  it('shows no go-to control, and a content link does not navigate, where the tenant closes the route', () => {
    vi.useFakeTimers();
    const tenant = fixtureTenant();
    tenant.routes.whitelist = [...tenant.routes.whitelist, '/m/rewardCenter'];
    tenant.flags = { ...tenant.flags, REWCEN3: false };
    const links = { ...item(1, 'B'), content: '<p><a href="/m/rewardCenter">Go to rewards</a></p>' };
    renderWithRuntime(
      <>
        <Dialog items={[links]} audience="B" goTo="/m/rewardCenter" onClosed={() => {}} />
        <LocationProbe />
      </>,
      { tenant },
    );
    expect(screen.queryByRole('button', { name: TY.go_to })).toBeNull();
    fireEvent.click(screen.getByText('Go to rewards'));
    act(() => vi.advanceTimersByTime(POPUP_CLOSE_MS));
    expect(screen.getByTestId('location').textContent).toBe('/m/home');
  });
});

describe('announcement popup widget', () => {
  it('reads the list about 500 ms after mount and shows the guest items', async () => {
    vi.useFakeTimers();
    popups = [item(1, 'A'), item(2, 'B'), item(3, 'F')];
    renderWithRuntime(<AnnouncementPopup goTo="/m/rewardCenter" />);
    act(() => vi.advanceTimersByTime(POPUP_LOAD_DELAY_MS - 1));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    vi.useRealTimers();
    expect(await screen.findByRole('dialog', { name: 'Title 2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: TY.next })).toBeNull();
  });

  it('a first-time member login sees the A and F items', async () => {
    popups = [item(1, 'A'), item(2, 'B'), item(3, 'F')];
    const info = { token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'demo', type: 0, firstTimeLogin: true };
    localStorage.setItem(SESSION_KEY, JSON.stringify(info));
    sessionStore.info = info;
    renderWithRuntime(<AnnouncementPopup goTo="/m/rewardCenter" />);
    expect(await screen.findByRole('dialog', { name: 'Title 1' }, { timeout: 3000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: TY.next }));
    expect(screen.getByRole('dialog', { name: 'Title 3' })).toBeTruthy();
  });

  it('does not show items already closed, and shows again when a new item arrives', async () => {
    popups = [item(2, 'B')];
    rememberClosed('B', popups);
    const first = renderWithRuntime(<AnnouncementPopup goTo="/m/rewardCenter" />);
    await new Promise((r) => setTimeout(r, POPUP_LOAD_DELAY_MS + 300));
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();
    popups = [item(2, 'B'), item(4, 'B')];
    renderWithRuntime(<AnnouncementPopup goTo="/m/rewardCenter" />);
    expect(await screen.findByRole('dialog', { name: 'Title 2' }, { timeout: 3000 })).toBeTruthy();
  });
});
