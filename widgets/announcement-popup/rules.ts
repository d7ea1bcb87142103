/**
 * The popup's rules (spec section 4), pure so that they are tested without a page: who sees
 * which items, what local storage remembers per audience, and when the popup shows again.
 */
import type { Announcements } from '../../src/features/home';
import { readJson, writeItem } from '../../src/lib/storage';

export type PopupItem = Announcements['popups'][number];
/** A: a logged-in session; B: a guest. */
export type Audience = 'A' | 'B';

export { POPUP_LOAD_DELAY_MS } from './constants';
/** Length of the closing animation (the CSS uses the same). */
export const POPUP_CLOSE_MS = 200;
export const POPUP_STORAGE_PREFIX = 'announcementPopup_';

export interface PopupMemory {
  titles: string[];
  contents: string[];
  show: boolean;
}

export function audienceOf(hasSession: boolean): Audience {
  return hasSession ? 'A' : 'B';
}

/** The items of an audience: its own execution, plus F on a member's first-time login. */
export function popupItemsFor(popups: readonly PopupItem[], audience: Audience, firstTimeLogin: boolean): PopupItem[] {
  return popups.filter((p) => p.execution === audience || (audience === 'A' && firstTimeLogin && p.execution === 'F'));
}

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((s) => typeof s === 'string');
}

/** What storage remembers for an audience; null when nothing valid is stored. */
export function readPopupMemory(audience: Audience): PopupMemory | null {
  const v = readJson(POPUP_STORAGE_PREFIX + audience) as Partial<PopupMemory> | undefined;
  if (!v || typeof v !== 'object' || !isStringArray(v.titles) || !isStringArray(v.contents) || typeof v.show !== 'boolean') return null;
  return { titles: v.titles, contents: v.contents, show: v.show };
}

function writePopupMemory(audience: Audience, memory: PopupMemory): void {
  writeItem(POPUP_STORAGE_PREFIX + audience, JSON.stringify(memory));
}

/** An item is new when its title or its content has not been shown to this audience. */
export function isNewItem(item: PopupItem, memory: PopupMemory | null): boolean {
  if (!memory) return true;
  return !memory.titles.includes(item.title) || !memory.contents.includes(item.content);
}

/** Shows when there is something to show, and either the show flag is on or the list holds a new item. */
export function shouldShowPopup(items: readonly PopupItem[], memory: PopupMemory | null): boolean {
  if (items.length === 0) return false;
  if (!memory || memory.show) return true;
  return items.some((i) => isNewItem(i, memory));
}

/** Remembers the items as shown (show flag on) when the popup opens. */
export function rememberShown(audience: Audience, items: readonly PopupItem[]): void {
  writePopupMemory(audience, { titles: items.map((i) => i.title), contents: items.map((i) => i.content), show: true });
}

/** Turns the show flag off when the popup is closed. */
export function rememberClosed(audience: Audience, items: readonly PopupItem[]): void {
  writePopupMemory(audience, { titles: items.map((i) => i.title), contents: items.map((i) => i.content), show: false });
}

/** How a link inside the content is followed: a new tab for http(s), the router for a site path. */
export function linkAction(href: string | null): 'external' | 'internal' | 'default' | 'ignore' {
  if (!href) return 'ignore';
  const h = href.trim();
  if (/^https?:\/\//i.test(h)) return 'external';
  if (/^\/(?![/\\])/.test(h)) return 'internal';
  if (/^(mailto|tel):/i.test(h)) return 'default';
  return 'ignore';
}
