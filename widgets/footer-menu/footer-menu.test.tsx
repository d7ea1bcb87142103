// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithRuntime, TY } from '../../tests/renderer/harness';
import manifest from './index';

const FooterMenu = manifest.component;

afterEach(cleanup);

describe('footer-menu', () => {
  it('is a navigation landmark holding a list of its children', () => {
    renderWithRuntime(
      <FooterMenu>
        <a key="home" href="/m/home">
          {TY.home}
        </a>
      </FooterMenu>,
    );
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('list')).toBeTruthy();
    expect(within(nav).getByRole('link', { name: TY.home })).toBeTruthy();
  });

  it('renders nothing without children', () => {
    const { container } = renderWithRuntime(<FooterMenu>{[]}</FooterMenu>);
    expect(container.innerHTML).toBe('');
  });
});
