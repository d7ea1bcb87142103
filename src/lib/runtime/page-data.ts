/**
 * The API answers a page starts with (data fetching): the server's answers sent with the page, and
 * what a server render notes while it renders.
 */
import { createContext, useContext } from 'react';
import { pageDataId, type AppConfig } from '../app-config';

/**
 * The API answers a page starts with. The browser reads the answers the server rendered with; a
 * server render also notes the keys its widgets ask for, so that it can fetch them and render again.
 */
export interface PageData {
  answer(id: string): unknown;
  want?(id: string, key: readonly unknown[]): void;
  /** The user agent the page was rendered for (the request's header; in the browser, its own). */
  userAgent?: string;
  /** A server render notes each widget it renders, so the page can carry their styles and code. */
  widget?(name: string): void;
}

/** The page data of answers the server sent with the page (AppConfig.pageData). */
export function configPageData(config: AppConfig): PageData {
  const answers = config.pageData ?? {};
  return { answer: (id) => (Object.prototype.hasOwnProperty.call(answers, id) ? answers[id] : undefined) };
}

/** A page that starts with no answers (rendered in the browser alone). */
export const NO_PAGE_DATA: PageData = { answer: () => undefined };

const PageDataContext = createContext<PageData>(NO_PAGE_DATA);
/** Provides the answers the page starts with (the browser: the config's; a server render: its own). */
export const PageDataProvider = PageDataContext.Provider;

/**
 * The answer the page started with for an API resource key (undefined when none). Only answers
 * every visitor shares are page data; the server renders no member's view.
 */
export function usePageAnswer(key: readonly unknown[] | null): unknown {
  const pageData = useContext(PageDataContext);
  if (!key) return undefined;
  const id = pageDataId(key);
  pageData.want?.(id, key);
  return pageData.answer(id);
}

/** Notes a rendered widget for the server render (nothing in the browser). */
export function useNoteWidget(name: string): void {
  useContext(PageDataContext).widget?.(name);
}

/** The user agent the server rendered this page for: what device-dependent parts render first. */
export function usePageUserAgent(): string {
  return useContext(PageDataContext).userAgent ?? '';
}
