// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePopover } from '../../src/components/use-popover';

afterEach(cleanup);

/** The shape the floating service buttons, the language switcher and the header menu share. */
function Toggle() {
  const { open, setOpen, listId, rootRef, toggleRef } = usePopover();
  return (
    <>
      <div ref={rootRef}>
        <button ref={toggleRef} type="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
          toggle
        </button>
        {open ? (
          <ul id={listId}>
            <li>
              <button type="button">inside</button>
            </li>
          </ul>
        ) : null}
      </div>
      <p data-testid="outside">outside</p>
    </>
  );
}

const toggle = () => screen.getByRole('button', { name: 'toggle' });

describe('usePopover', () => {
  it('opens on the toggle and closes on a second tap', () => {
    render(<Toggle />);
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(toggle().getAttribute('aria-controls')!)).toBeTruthy();
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  it('stays open on a tap inside and closes on a tap outside', () => {
    render(<Toggle />);
    fireEvent.click(toggle());
    fireEvent.pointerDown(screen.getByRole('button', { name: 'inside' }));
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(screen.getByTestId('outside'));
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape and gives focus back to the toggle', () => {
    render(<Toggle />);
    fireEvent.click(toggle());
    screen.getByRole('button', { name: 'inside' }).focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle());
  });

  it('listens to the document only while open', () => {
    const add = vi.spyOn(document, 'addEventListener');
    const remove = vi.spyOn(document, 'removeEventListener');
    render(<Toggle />);
    const events = (spy: typeof add) => spy.mock.calls.map(([type]) => type).filter((type) => type === 'pointerdown' || type === 'keydown');
    expect(events(add)).toEqual([]);
    fireEvent.click(toggle());
    expect(events(add)).toEqual(['pointerdown', 'keydown']);
    fireEvent.click(toggle());
    expect(events(remove)).toEqual(['pointerdown', 'keydown']);
    add.mockRestore();
    remove.mockRestore();
  });
});
