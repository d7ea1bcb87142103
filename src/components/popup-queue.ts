import { useEffect, useId } from 'react';
import { proxy } from 'valtio';
import { useProxyState } from '../lib/hydration';

/**
 * Popups that open by themselves (the home announcements, an agent's contract prompt) take turns:
 * one at a time, in the order they asked, the next only once the one showing has closed, and none
 * while a dialog is open (one the member opened, a confirmation). A turn, once given, is kept until
 * its popup lets it go, so the popup's own dialog never counts against it.
 *
 * A valtio state as the rest of the client's (src/lib/hydration.ts); it changes in effects, which
 * the server never runs, so the server renders no popup's turn.
 */
interface PopupQueue {
  /** Popups waiting, in the order they asked. */
  waiting: string[];
  /** The popup whose turn it is. */
  showing: string | null;
  /** Dialogs open now (every Modal counts itself). */
  dialogs: number;
}

const queue = proxy<PopupQueue>({ waiting: [], showing: null, dialogs: 0 });
/** What the server renders: nobody's turn. */
const SERVER_QUEUE: PopupQueue = { waiting: [], showing: null, dialogs: 0 };

/** Gives the turn when nothing shows and no dialog is open. */
function settle(): void {
  if (queue.showing === null && queue.dialogs === 0 && queue.waiting.length > 0) queue.showing = queue.waiting[0];
}

function ask(key: string): void {
  if (!queue.waiting.includes(key)) queue.waiting.push(key);
  settle();
}

function release(key: string): void {
  queue.waiting = queue.waiting.filter((k) => k !== key);
  if (queue.showing === key) queue.showing = null;
  settle();
}

/**
 * Whether a popup that opens by itself may show now. `wanted`: it has something to show (it
 * joins the queue); false, or the component going, gives the turn to the next one.
 */
export function usePopupTurn(wanted: boolean): boolean {
  const key = useId();
  useEffect(() => {
    if (!wanted) return;
    ask(key);
    return () => release(key);
  }, [key, wanted]);
  const showing = useProxyState(queue, (q) => q.showing, SERVER_QUEUE);
  return wanted && showing === key;
}

/** While the calling component is mounted (an open dialog: the Modal frame calls it), popups that open by themselves wait. */
export function useHoldPopups(): void {
  useEffect(() => {
    queue.dialogs += 1;
    return () => {
      queue.dialogs -= 1;
      settle();
    };
  }, []);
}
