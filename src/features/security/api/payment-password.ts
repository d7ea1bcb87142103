/**
 * The payment password (schemas/api/security-centre.json): set, change, reset by SMS, and whether
 * one is set. The member info does not say; the withdrawal eligibility does (its reason
 * payment.password.unset), so that answer is read for it.
 */
import type { ExpiredMinutes } from '../../../generated/api/common';
import type { ChangePaymentPassword, ResetPaymentPassword, SetPaymentPassword } from '../../../generated/api/security-centre';
import { ApiFailure, request } from '../../../lib/api/client';
import { resourceKey, useResourceSelect, type ResourceView } from '../../../lib/api/swr';

export type { ChangePaymentPassword, ResetPaymentPassword, SetPaymentPassword };

const ELIGIBILITY_ENDPOINT = 'GET /wps/wallet/withdrawals/eligibility';

export function setPaymentPassword(body: SetPaymentPassword): Promise<true> {
  return request('POST', '/wps/security/paymentPassword', { body });
}

export function changePaymentPassword(body: ChangePaymentPassword): Promise<true> {
  return request('POST', '/wps/security/paymentPassword/change', { body });
}

/** Sends a reset code to the member's own mobile number (one per minute). */
export function sendPaymentPasswordCode(): Promise<ExpiredMinutes> {
  return request('POST', '/wps/security/paymentPassword/code');
}

export function resetPaymentPassword(body: ResetPaymentPassword): Promise<true> {
  return request('POST', '/wps/security/paymentPassword/reset', { body });
}

/** Whether the member has a payment password (undefined while loading); `scope` null loads nothing. */
export function usePaymentPasswordSet(scope: string | null | undefined): ResourceView<boolean> {
  return useResourceSelect(scope ? resourceKey(ELIGIBILITY_ENDPOINT, null, scope) : null, (e) => !e.reasons.some((r) => r.code === 'payment.password.unset'));
}

/** A message key with its values. */
export interface SecurityMessage {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * The message of a refused security-centre call: the errorCode's text; a wrong payment password says
 * how many tries are left, a lock how many minutes it lasts (value.attemptsLeft / retryAfter).
 */
export function securityFailure(error: unknown): SecurityMessage {
  if (!(error instanceof ApiFailure)) return { key: 'unknown_error' };
  const value = (error.value ?? {}) as { attemptsLeft?: unknown; retryAfter?: unknown; messageKey?: unknown };
  if (error.errorCode === 'payment.password.incorrect' && typeof value.attemptsLeft === 'number') {
    return { key: 'payment_password_attempts_left', params: { left: value.attemptsLeft } };
  }
  if (error.errorCode === 'payment.password.locked' && typeof value.retryAfter === 'number') {
    return { key: 'payment_password_locked_minutes', params: { minutes: Math.max(1, Math.ceil(value.retryAfter / 60)) } };
  }
  return { key: typeof value.messageKey === 'string' ? value.messageKey : error.messageKey };
}
