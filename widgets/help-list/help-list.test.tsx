// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HelpItems } from '../../src/features/home';
import { renderWithRuntime, TY } from '../../tests/renderer/harness';
import HelpListView, { openIndexOf } from './help-list';

let items: HelpItems | undefined = [];
const langs: (string | null)[] = [];
vi.mock('../../src/features/home/api/help', () => ({
  useHelpCentre: (lang: string | null) => {
    langs.push(lang);
    return { data: items, error: undefined, isLoading: items === undefined, mutate: vi.fn() };
  },
}));

function SearchProbe() {
  return <output data-testid="search">{useLocation().search}</output>;
}

const HELP: HelpItems = [
  { id: 1, title: 'How do I register?', content: '<p>Tap <b>Register</b></p>' },
  { id: 2, title: 'How do I deposit?', content: '<p>Open deposit</p><img src=x onerror="window.__xss=1"><a href="javascript:alert(1)">x</a>' },
  { id: 3, title: 'Responsible gaming', content: '<p>Play for fun</p>' },
];

afterEach(cleanup);

const expanded = () => screen.getAllByRole('button').map((b) => b.getAttribute('aria-expanded'));

describe('help list', () => {
  it('reads the open item from ?i, 0 by default', () => {
    expect(openIndexOf(new URLSearchParams(''))).toBe(0);
    expect(openIndexOf(new URLSearchParams('i=2'))).toBe(2);
    expect(openIndexOf(new URLSearchParams('i=abc'))).toBe(0);
    expect(openIndexOf(new URLSearchParams('i=-1'))).toBe(-1);
  });

  it('lists the titles with the first item open by default, in the current language', () => {
    items = HELP;
    renderWithRuntime(<HelpListView />, { route: '/m/help' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(HELP.map((h) => h.title));
    expect(expanded()).toEqual(['true', 'false', 'false']);
    expect(screen.getByRole('region', { name: 'How do I register?' }).innerHTML).toContain('<b>Register</b>');
    expect(langs.at(-1)).toBe('TY');
  });

  it('opens the item named by ?i and writes the tapped item to ?i', () => {
    items = HELP;
    renderWithRuntime(
      <>
        <HelpListView />
        <SearchProbe />
      </>,
      { route: '/m/helpDetail?i=2' },
    );
    expect(expanded()).toEqual(['false', 'false', 'true']);
    fireEvent.click(screen.getByRole('button', { name: 'How do I deposit?' }));
    expect(expanded()).toEqual(['false', 'true', 'false']);
    expect(screen.getByTestId('search').textContent).toBe('?i=1');
    fireEvent.click(screen.getByRole('button', { name: 'How do I deposit?' }));
    expect(expanded()).toEqual(['false', 'false', 'false']);
  });

  it('sanitises the HTML of every item', () => {
    items = HELP;
    renderWithRuntime(<HelpListView />, { route: '/m/help?i=1' });
    const html = screen.getByRole('region', { name: 'How do I deposit?' }).innerHTML;
    expect(html).toContain('Open deposit');
    expect(html).not.toMatch(/onerror|javascript:|__xss/);
  });

  it("shows 'no data' for an empty list", () => {
    items = [];
    renderWithRuntime(<HelpListView />, { route: '/m/help' });
    expect(screen.getByText(TY.no_data)).toBeTruthy();
  });
});
