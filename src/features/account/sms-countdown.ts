/**
 * The SMS code button (spec section 4): after a successful send it becomes a countdown of
 * expiredMinutes x 60 seconds, during which further requests are ignored; at 0 the send button
 * returns. The countdown stops when the component unmounts. A failed send only hides the loading
 * indicator (spec section 8: no message); a successful one shows 'in_sms_send' for 1.5 s.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { hideLoading, showLoading, showToast } from '../../lib/feedback';

const SMS_SENT_TOAST_MS = 1500;

/** Seconds of countdown for an answer's expiredMinutes (at least one second). */
export function countdownSeconds(expiredMinutes: number): number {
  return Math.max(1, Math.round(expiredMinutes * 60));
}

export interface SmsCountdown {
  /** Seconds left; 0 when the send button shows. */
  seconds: number;
  counting: boolean;
  /** A send is in flight. */
  sending: boolean;
  /** A send succeeded on this screen: the code input may be used. */
  sent: boolean;
  /**
   * Runs `sendRequest` unless a countdown or another send is under way (then it is ignored and
   * resolves false). Resolves true after a successful send.
   */
  send(sendRequest: () => Promise<{ expiredMinutes: number }>): Promise<boolean>;
  /** Stops the countdown (e.g. the mobile number changed). */
  reset(): void;
}

export function useSmsCountdown(): SmsCountdown {
  const [seconds, setSeconds] = useState(0);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  // Refs, so that two taps in one frame see the same state.
  const busy = useRef(false);
  const mounted = useRef(true);

  const stop = useCallback(() => {
    clearInterval(timer.current);
    timer.current = undefined;
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stop();
    };
  }, [stop]);

  const start = useCallback(
    (total: number) => {
      stop();
      // Counted from a deadline, so a throttled background tab still ends on time.
      const deadline = Date.now() + total * 1000;
      setSeconds(total);
      timer.current = setInterval(() => {
        const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
        setSeconds(left);
        if (left === 0) {
          stop();
          busy.current = false;
        }
      }, 1000);
    },
    [stop],
  );

  const send = useCallback(
    async (sendRequest: () => Promise<{ expiredMinutes: number }>) => {
      if (busy.current) return false;
      busy.current = true;
      setSending(true);
      showLoading();
      try {
        const { expiredMinutes } = await sendRequest();
        hideLoading();
        if (!mounted.current) return false;
        setSending(false);
        setSent(true);
        start(countdownSeconds(expiredMinutes));
        void showToast('in_sms_send', SMS_SENT_TOAST_MS);
        return true;
      } catch {
        hideLoading();
        busy.current = false;
        if (mounted.current) setSending(false);
        return false;
      }
    },
    [start],
  );

  const reset = useCallback(() => {
    stop();
    busy.current = false;
    setSeconds(0);
  }, [stop]);

  return { seconds, counting: seconds > 0, sending, sent, send, reset };
}
