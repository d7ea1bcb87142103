// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithRuntime, TY } from '../../tests/renderer/harness';
import manifest from './index';

const HeaderMenu = manifest.component;

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderMenu() {
  return renderWithRuntime(
    <div>
      <HeaderMenu>
        <a key="deposit" href="/m/voucherCenter">
          {TY.deposit}
        </a>
        <button key="refresh" type="button">
          {TY.refresh_balance}
        </button>
      </HeaderMenu>
      <p data-testid="outside">{TY.home}</p>
    </div>,
  );
}

describe('header-menu', () => {
  it('has a toggle named by the menu key, collapsed at first', () => {
    renderMenu();
    const toggle = screen.getByRole('button', { name: TY.menu });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(list?.hidden).toBe(true);
    expect(screen.queryByRole('link', { name: TY.deposit })).toBeNull();
  });

  it('opens on tap and shows its items', () => {
    renderMenu();
    const toggle = screen.getByRole('button', { name: TY.menu });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: TY.deposit }).getAttribute('href')).toBe('/m/voucherCenter');
  });

  it('closes on Escape and returns focus to the toggle', () => {
    renderMenu();
    const toggle = screen.getByRole('button', { name: TY.menu });
    fireEvent.click(toggle);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('closes on a tap outside', () => {
    renderMenu();
    const toggle = screen.getByRole('button', { name: TY.menu });
    fireEvent.click(toggle);
    fireEvent.pointerDown(screen.getByTestId('outside'));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when an item is chosen', () => {
    renderMenu();
    const toggle = screen.getByRole('button', { name: TY.menu });
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: TY.refresh_balance }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('renders nothing without children', () => {
    const { container } = renderWithRuntime(<HeaderMenu>{[]}</HeaderMenu>);
    expect(container.innerHTML).toBe('');
  });
});
