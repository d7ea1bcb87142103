/**
 * What the security centre checks before anything is sent: a payout account's number against its
 * provider's pattern and its holder against the verified real name, the identity details (the
 * schema's lengths, the birthday and the tenant's age limit) and the identity images. The server
 * checks all of it again (server/modules/wallet/services/payout-accounts.ts, identity.ts); these mirror its rules.
 */
import { ApiFailure } from '../../lib/api/client';
import type { IdentityDetails } from './api/identity';
import type { PayoutProvider } from './api/payout-accounts';
import { href } from '../../lib/routes';

/** A message to show: an i18n key and its values (the form components' FieldMessage shape). */
export interface SecurityMessage {
  key: string;
  params?: Record<string, string | number>;
}

/** The address of the security centre and of one of its views (the screen renders the slot `?view=` names). */
const SECURITY_CENTRE_PATH = href('securityCenter');
export const securityViewPath = (view: string): string => `${SECURITY_CENTRE_PATH}?view=${encodeURIComponent(view)}`;

/** The server's MAX_PAYOUT_ACCOUNTS, for when the list has not said it. */
export const DEFAULT_MAX_PAYOUT_ACCOUNTS = 5;

/** An account number as the server compares it: spaces and dashes are how people copy numbers. */
export const normaliseAccountNo = (text: string): string => text.replace(/[\s-]/g, '');

/** Names compared as the server does: letter case and repeated spaces aside. */
function sameName(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
  return norm(a) === norm(b);
}

/** The provider's pattern, or null when the tenant's text is no regular expression (the server decides then). */
function patternOf(provider: Pick<PayoutProvider, 'accountPattern'>): RegExp | null {
  try {
    return new RegExp(provider.accountPattern);
  } catch {
    return null;
  }
}

/** Whether the provider's numbers are digits only (a numeric keypad fits them). */
export function isDigitsOnly(provider: Pick<PayoutProvider, 'accountPattern'>): boolean {
  return !/[A-Za-z]/.test(provider.accountPattern.replace(/\\d/g, ''));
}

export function checkAccountNo(provider: Pick<PayoutProvider, 'accountPattern' | 'name'>, text: string): SecurityMessage | null {
  const value = normaliseAccountNo(text);
  if (value === '') return { key: 'payout_account_no_required' };
  if (value.length > 40) return { key: 'payout_account_no_invalid', params: { provider: provider.name } };
  const pattern = patternOf(provider);
  return pattern && !pattern.test(value) ? { key: 'payout_account_no_invalid', params: { provider: provider.name } } : null;
}

export function checkHolderName(realName: string | null, text: string): SecurityMessage | null {
  if (text.trim() === '') return { key: 'payout_holder_required' };
  if (realName !== null && !sameName(realName, text)) return { key: 'err_payout_name_mismatch' };
  return null;
}

export type IdentityField = keyof IdentityDetails;

/** The form's fields in the order they show, with their label keys. */
export const IDENTITY_FIELDS: readonly { field: IdentityField; label: string }[] = [
  { field: 'realName', label: 'real_name' },
  { field: 'birthday', label: 'birthday' },
  { field: 'nationality', label: 'nationality' },
  { field: 'address', label: 'address' },
  { field: 'occupation', label: 'occupation' },
  { field: 'sourceOfIncome', label: 'source_of_income' },
  { field: 'placeOfBirth', label: 'place_of_birth' },
  { field: 'idNumber', label: 'id_number' },
];

/** The schema's lengths (identityDetails). */
export const IDENTITY_MAX_LENGTH: Readonly<Record<IdentityField, number>> = {
  realName: 80,
  birthday: 10,
  nationality: 120,
  address: 200,
  occupation: 120,
  sourceOfIncome: 120,
  placeOfBirth: 120,
  idNumber: 40,
};

/** Whole years from a YYYY-MM-DD birthday to a YYYY-MM-DD day; null for a date that does not exist. */
export function ageOn(birthday: string, today: string): number | null {
  if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(birthday)) return null;
  const [y, m, d] = birthday.split('-').map(Number);
  const born = new Date(Date.UTC(y, m - 1, d));
  if (born.getUTCFullYear() !== y || born.getUTCMonth() !== m - 1 || born.getUTCDate() !== d) return null;
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

/** Today (YYYY-MM-DD) in the tenant's time zone, as the server counts ages; the device's day if the zone is unknown. */
export function todayIn(timeZone: string, now: number = Date.now()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')}`;
  } catch {
    const d = new Date(now);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  }
}

/** One field of the identity form (`today` in the tenant's zone, `ageLimit` the tenant's). */
export function checkIdentityField(field: IdentityField, text: string, ageLimit: number, today: string): SecurityMessage | null {
  const value = text.trim();
  if (value === '') return { key: 'field_required' };
  if (value.length > IDENTITY_MAX_LENGTH[field]) return { key: 'identity_too_long', params: { max: IDENTITY_MAX_LENGTH[field] } };
  switch (field) {
    case 'realName':
      return value.length < 2 ? { key: 'format_name' } : null;
    case 'idNumber':
      return /^[A-Za-z0-9 -]{4,40}$/.test(value) ? null : { key: 'format_id_number' };
    case 'birthday': {
      const age = ageOn(value, today);
      if (age === null || value > today || age > 130) return { key: 'valid_birth_date_required' };
      return age < ageLimit ? { key: 'identity_age_limit', params: { age: ageLimit } } : null;
    }
    default:
      return null;
  }
}

/** The identity images the server takes (server/lib/images.ts). */
const IDENTITY_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg'];
const MAX_IDENTITY_IMAGE_BYTES = 5 * 1024 * 1024;
export const IDENTITY_IMAGE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

export function checkIdentityImage(file: Pick<File, 'type' | 'size'> | null): SecurityMessage | null {
  if (!file) return { key: 'identity_image_required' };
  if (!IDENTITY_IMAGE_TYPES.includes(file.type) || file.size === 0) return { key: 'image_type' };
  if (file.size > MAX_IDENTITY_IMAGE_BYTES) return { key: 'identity_image_size', params: { max: 5 } };
  return null;
}

/** The form field a refusal names ("/accountNo" -> "accountNo"), if any. */
export function refusedField(error: unknown): string | undefined {
  if (!(error instanceof ApiFailure)) return undefined;
  const pointer = error.field;
  return pointer ? pointer.replace(/^\//, '').split('/')[0] : undefined;
}

/**
 * The message of a refused call: its errorCode's text (a validation failure's own message key
 * when the server names one), the age limit of an age refusal, the wait of a locked password.
 */
export function securityFailureMessage(error: unknown): SecurityMessage {
  if (!(error instanceof ApiFailure)) return { key: 'unknown_error' };
  const value = (error.value ?? {}) as { messageKey?: unknown; ageLimit?: unknown; retryAfter?: unknown };
  if (error.errorCode === 'identity.age.under' && typeof value.ageLimit === 'number') return { key: 'identity_age_limit', params: { age: value.ageLimit } };
  if (error.errorCode === 'payment.password.locked' && typeof value.retryAfter === 'number') {
    return { key: 'payment_password_locked_minutes', params: { minutes: Math.max(1, Math.ceil(value.retryAfter / 60)) } };
  }
  if (typeof value.messageKey === 'string') return { key: value.messageKey };
  return { key: error.messageKey };
}
