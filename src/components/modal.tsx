import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { DIALOG_MASK_GUARD_MS } from '../lib/feedback';
import { useHoldPopups } from './popup-queue';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute('hidden') && el.getAttribute('aria-hidden') !== 'true');
}

export interface ModalProps {
  /** id of the element that names the dialog (its title). */
  labelledBy: string;
  describedBy?: string;
  /** Escape, the mask (after its guard time) and close buttons call this. */
  onDismiss: () => void;
  /** alertdialog for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** Added to the panel's classes. */
  className?: string;
  /**
   * A frame its caller styles (a widget's bottom sheet or side panel): these classes stand in for
   * the shell's centred card (`modal-mask` and `modal`), so the frame keeps its own look.
   */
  frame?: { mask: string; panel: string };
  /**
   * Where focus goes on opening: the first control (default), or the panel itself, so that a long
   * panel is read from its title rather than from its close button.
   */
  initialFocus?: 'first' | 'panel';
  children?: ReactNode;
}

/**
 * The one dialog frame: a mask that ignores clicks for its first 300 ms (the tap that opened it
 * must not close it), focus moved inside and trapped there, Escape dismisses, and focus returns
 * to where it was when the dialog closes. Centred cards, sheets and panels all open through it.
 * While one is open, popups that open by themselves wait their turn (usePopupTurn).
 */
export function Modal({ labelledBy, describedBy, onDismiss, role = 'dialog', className, frame, initialFocus = 'first', children }: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const [openedAt] = useState(() => Date.now());
  const dismiss = useRef(onDismiss);
  const focusPanel = useRef(initialFocus === 'panel');
  // A popup that opens by itself waits until this dialog is closed (src/components/popup-queue.ts).
  useHoldPopups();
  useEffect(() => {
    dismiss.current = onDismiss;
  });

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ((focusPanel.current ? null : focusables(panel)[0]) ?? panel).focus();
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        dismiss.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusables(panel);
      if (items.length === 0) {
        e.preventDefault();
        panel.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !panel.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !panel.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const onMaskClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    if (Date.now() - openedAt < DIALOG_MASK_GUARD_MS) return;
    dismiss.current();
  };

  return (
    // A backdrop, not a control: Escape is the keyboard way to dismiss.
    <div className={frame?.mask ?? 'modal-mask'} role="presentation" onClick={onMaskClick} data-testid="modal-mask">
      <div
        ref={panelRef}
        className={[frame?.panel ?? 'modal', className].filter(Boolean).join(' ')}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>
  );
}
