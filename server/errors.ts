/**
 * Stable error codes of the /wps API and the i18n key each one maps to. The client shows
 * `message` (the key) through i18next; `errorCode` is for program logic and never changes.
 */
export const ERROR_KEYS = {
  'login.failed': 'err_login_failed',
  'captcha.required': 'captcha_required',
  'captcha.invalid': 'err_captcha_invalid',
  'session.invalid': 'account_logged_out',
  'session.required': 'not_logged_in',
  /** Renewal of a token another renewal already replaced (its successor is elsewhere, e.g. another tab). */
  'session.rotated': 'account_logged_out',
  'validation.failed': 'err_validation_failed',
  'username.exists': 'username_exists',
  'mobile.exists': 'err_mobile_exists',
  'affiliate.invalid': 'invitation_code_error',
  'recommender.invalid': 'referrer_link_error',
  'modify.new.old.same': 'new_old_password_same',
  'password.incorrect': 'err_password_incorrect',
  'balance.insufficient': 'err_balance_insufficient',
  'launch.invalid': 'err_launch_invalid',
  'password.not.set': 'err_password_not_set',
  'password.change.required': 'err_password_change_required',
  'sms.code.invalid': 'verification_code_error',
  'rate.limited': 'err_rate_limited',
  'encryption.required': 'err_encryption_required',
  'encryption.invalid': 'err_encryption_invalid',
  'encryption.stale': 'err_encryption_stale',
  'encryption.replayed': 'err_encryption_replayed',
  'idempotency.key.reused': 'err_idempotency_key_reused',
  'body.malformed': 'err_body_malformed',
  'body.too.large': 'err_body_too_large',
  'content.type.unsupported': 'err_content_type_unsupported',
  'not.found': 'err_not_found',
  'maintenance': 'platform_maintenance',
  'region.restricted': 'access_restricted',
  'registration.disabled': 'err_registration_disabled',
  'module.disabled': 'no_permission',
  'trial.forbidden': 'login_actual_account',
  'message.send.failed': 'err_message_send_failed',
  'site.unavailable': 'system_upgrading',
  'server.error': 'unknown_error',
} as const;

export type ErrorCode = keyof typeof ERROR_KEYS;

/** An error the API reports to the client in the envelope, with its HTTP status. */
export class ApiError extends Error {
  readonly errorCode: ErrorCode;
  readonly statusCode: number;
  readonly value: unknown;

  constructor(errorCode: ErrorCode, statusCode: number, value?: unknown) {
    super(errorCode);
    this.name = 'ApiError';
    this.errorCode = errorCode;
    this.statusCode = statusCode;
    this.value = value;
  }
}

export interface ErrorEnvelope {
  success: false;
  errorCode: ErrorCode;
  message: string;
  value?: unknown;
}

export function errorEnvelope(errorCode: ErrorCode, value?: unknown): ErrorEnvelope {
  const body: ErrorEnvelope = { success: false, errorCode, message: ERROR_KEYS[errorCode] };
  if (value !== undefined) body.value = value;
  return body;
}

/** The success envelope. */
export function ok<T>(value: T): { success: true; value: T } {
  return { success: true, value };
}

/** A field broke its schema or rule. `field` is a JSON pointer (e.g. `/username`). */
export function validationError(field: string, extra: { location?: string; messageKey?: string; reason?: string } = {}): ApiError {
  return new ApiError('validation.failed', 400, { field, ...extra });
}

export const invalidField = (field: string, messageKey?: string): ApiError => validationError(field, messageKey ? { messageKey } : {});
