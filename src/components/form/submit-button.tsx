import { useRef, useState, type ButtonHTMLAttributes, type MouseEvent } from 'react';
import { useHydrated } from '../../lib/hydration';

/** The busy state of a form's actions (its submission, and e.g. a free-trial login beside it). */
export interface Pending {
  busy: boolean;
  /**
   * Runs an action unless one is running. Its synchronous part (checking the fields) runs at once;
   * when it returns a promise (a call went out) the form is busy until that settles, however it
   * settles: the flag is cleared in `finally`. The returned promise rejects as the action did.
   */
  run(action: () => unknown): Promise<void>;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}

export function usePending(): Pending {
  const [busy, setBusy] = useState(false);
  // A second tap in the same frame sees the flag before React re-renders.
  const running = useRef(false);
  const run = async (action: () => unknown) => {
    if (running.current) return;
    const result = action();
    if (!isThenable(result)) return;
    running.current = true;
    setBusy(true);
    try {
      await result;
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, run };
}

export interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onSubmit' | 'onClick'> {
  /**
   * The form's submission: checks the fields, and returns a promise when it calls the server. The
   * button is disabled and aria-busy until that promise settles.
   */
  onSubmit(): unknown;
  /** A busy state shared with the form's other actions; the button keeps its own otherwise. */
  pending?: Pending;
}

/**
 * A form's submit button. It takes the submission itself: a tap, and Enter in a field (browsers
 * submit a form by clicking its default button), run `onSubmit` instead of the browser's submit.
 */
export function SubmitButton({ onSubmit, pending, disabled, children, ...button }: SubmitButtonProps) {
  const own = usePending();
  const state = pending ?? own;
  // Until the page runs its script (a server-rendered form), the button is disabled: a tap or
  // Enter must never make the browser submit the form itself, fields and password in the URL.
  const hydrated = useHydrated();
  const onClick = (e: MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    // The form handles the failures it expects; anything else is a fault worth seeing.
    state.run(onSubmit).catch((err: unknown) => console.error('submission failed', err));
  };
  return (
    <button {...button} type="submit" disabled={!hydrated || disabled || state.busy} aria-busy={state.busy || undefined} onClick={onClick}>
      {children}
    </button>
  );
}
