/**
 * An operator action's refusal (OpsRefusal) as the /ops API answers it. The codes the API knows
 * keep their errorCode; any other becomes `ops.refused` with `{ code, reason }`, so a service
 * may refuse with a code of its own without touching server/errors.ts.
 */
import { ApiError, ERROR_KEYS, validationError, type ErrorCode } from '../errors';
import type { OpsRefusal } from './types';

const STATUS: Partial<Record<ErrorCode, number>> = {
  'validation.failed': 400,
  'not.found': 404,
  'ops.merchant.forbidden': 403,
  'ops.session.required': 401,
};

export function refusalError(refusal: OpsRefusal): ApiError {
  const known = Object.hasOwn(ERROR_KEYS, refusal.code) ? (refusal.code as ErrorCode) : null;
  if (known === 'validation.failed') {
    // Refusals name the field first ("reason: 3 to 200 characters").
    const field = /^([A-Za-z-]+):/.exec(refusal.message)?.[1];
    return new ApiError('validation.failed', 400, { field: field ? `/${field.toLowerCase() === 'idempotency-key' ? 'idempotency-key' : field}` : '', reason: refusal.message });
  }
  if (known) return new ApiError(known, STATUS[known] ?? 409, { reason: refusal.message });
  // A service's own "<thing>.not.found" (deposit.not.found) is the API's 404 not.found.
  if (refusal.code.endsWith('.not.found')) return new ApiError('not.found', 404, { reason: refusal.message });
  return new ApiError('ops.refused', 409, { code: refusal.code, reason: refusal.message });
}

/**
 * The reason of an operator's rejection, trimmed. The schema already requires 3 to 200 characters
 * with one that is not a space; this keeps a short word between spaces from reaching the service,
 * which would refuse it under another code: the answer names the field instead.
 */
export function decisionReason(reason: string): string {
  const why = reason.trim();
  if (why.length < 3) throw validationError('/reason', { location: 'body', reason: '3 to 200 characters, not only spaces' });
  return why;
}
