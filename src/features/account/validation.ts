/**
 * Field validation of the account forms (spec section 5). Pure functions: the server's rule set
 * (`GET /wps/system/validationRules`, also in the startup settings) plus the fixed rules the spec
 * states. Every check returns null when the value is fine, or the i18n key (with its parameters)
 * of the message to show.
 */

/** One field's rule as the server serves it (schemas/api/system.json#/definitions/validationRules). */
export interface FieldRule {
  /** A JavaScript regular expression source, no flags. */
  pattern: string;
  min?: number;
  max?: number;
  required?: boolean;
  /** i18n key shown when the value breaks the rule. */
  messageKey: string;
}

/** The rule set keyed by the spec's field names (loginUsername, password, mobileNum, ...). */
export type RuleSet = Readonly<Record<string, FieldRule>>;

/** The message of a failed check: an i18n key and its interpolation values. */
export interface Invalid {
  key: string;
  params?: Record<string, string | number>;
}

export type Check = Invalid | null;

// Spec section 9 constants.
/** Captcha length at login and registration. */
export const CAPTCHA_LENGTH = 6;
/** Captcha length bounds everywhere else. */
const CAPTCHA_MIN = 1;
const CAPTCHA_MAX = 16;
export const SMS_CODE_MAX = 10;
export const MOBILE_INPUT_MAX = 20;
/** An e-mail address must be shorter than this. */
export const EMAIL_LENGTH_LIMIT = 255;

/** The forgot-password e-mail pattern: word characters, optional dotted parts, @, a domain with 2-3 letter parts. */
const EMAIL_PATTERN = /^\w+([.-]?\w+)*@\w+([.-]?\w+)*(\.\w{2,3})+$/;

export const REQUIRED: Invalid = { key: 'field_required' };

const isEmpty = (value: string | null | undefined): boolean => value === undefined || value === null || value === '';

const patternCache = new Map<string, RegExp | null>();

/** A rule's pattern, compiled once; a pattern the browser cannot compile is treated as absent. */
function compiled(pattern: string): RegExp | null {
  let re = patternCache.get(pattern);
  if (re === undefined) {
    try {
      re = new RegExp(pattern);
    } catch {
      re = null;
    }
    patternCache.set(pattern, re);
  }
  return re;
}

/** Whether a non-empty value satisfies a rule's length bounds and pattern. */
export function satisfiesRule(rule: FieldRule, value: string): boolean {
  if (rule.min !== undefined && value.length < rule.min) return false;
  if (rule.max !== undefined && value.length > rule.max) return false;
  const re = compiled(rule.pattern);
  return re === null || re.test(value);
}

export interface RuleOptions {
  /** Overrides the rule's own `required` (the registration settings decide it per field). */
  required?: boolean;
}

/**
 * Checks a value against a rule. A rule not required passes when empty. Without a rule only
 * `required` is checked (the server still enforces whatever it knows).
 */
export function checkRule(rule: FieldRule | undefined, value: string, options: RuleOptions = {}): Check {
  const required = options.required ?? rule?.required ?? false;
  if (isEmpty(value)) return required ? REQUIRED : null;
  if (!rule || satisfiesRule(rule, value)) return null;
  return { key: rule.messageKey };
}

/** Fields whose failure states the minimum length of the mobileNum rule. */
const MOBILE_FIELDS = new Set(['mobileNum', 'loginMobileNum']);

/**
 * The minimum length of mobile numbers, from the configured mobileNum rule: its `min`, else the
 * lower bound of the first `{m,n}` or `{m}` quantifier of its expression.
 */
export function mobileMinLength(rules: RuleSet): number | undefined {
  const rule = rules.mobileNum;
  if (!rule) return undefined;
  if (rule.min !== undefined) return rule.min;
  const m = /\{(\d+)(,\d*)?\}/.exec(rule.pattern);
  return m ? Number(m[1]) : undefined;
}

/**
 * Checks a field by its name in the rule set. Mobile numbers: empty and required gives
 * 'mobile_required', a bad number 'mobile_min_length' with the configured minimum.
 */
export function checkField(rules: RuleSet, name: string, value: string, options: RuleOptions = {}): Check {
  const rule = rules[name];
  const result = checkRule(rule, value, options);
  if (!result || !MOBILE_FIELDS.has(name)) return result;
  if (result === REQUIRED) return { key: 'mobile_required' };
  const min = mobileMinLength(rules);
  return min === undefined ? result : { key: 'mobile_min_length', params: { min } };
}

// ---- Fixed rules of spec section 5 ------------------------------------------------------------

/** Forgot password: the e-mail (trimmed) is required, shorter than 255 and matches EMAIL_PATTERN. */
export function checkEmail(value: string): Check {
  const email = value.trim();
  if (email === '') return REQUIRED;
  if (email.length >= EMAIL_LENGTH_LIMIT) return { key: 'email_too_long' };
  return EMAIL_PATTERN.test(email) ? null : { key: 'in_email_incorrect' };
}

/** Register: the confirmation is required and equals the password. */
export function checkRegisterConfirm(password: string, confirm: string): Check {
  if (isEmpty(confirm)) return { key: 'in_incorrect_password' };
  return confirm === password ? null : { key: 'in_confirmation_correct' };
}

/** Change password: the confirmation is required ('Enter password') and equals the new password. */
export function checkChangeConfirm(newPassword: string, confirm: string): Check {
  if (isEmpty(confirm)) return { key: 'enter_password' };
  return confirm === newPassword ? null : { key: 'confirm_password_mismatch' };
}

/** Change password: the new password must differ from the old (else the 'new_old_password_same' dialog). */
export function newDiffersFromOld(oldPassword: string, newPassword: string): boolean {
  return oldPassword !== newPassword;
}

export type CaptchaContext = 'login' | 'register' | 'other';

/**
 * A captcha is checked only while shown: then it is required and, at login and registration,
 * exactly 6 digits; elsewhere 1 to 16 characters.
 */
export function checkCaptcha(value: string, shown: boolean, context: CaptchaContext): Check {
  if (!shown) return null;
  if (isEmpty(value)) return { key: 'captcha_required' };
  if (context === 'other') return value.length >= CAPTCHA_MIN && value.length <= CAPTCHA_MAX ? null : { key: 'captcha_format' };
  return new RegExp(`^[0-9]{${CAPTCHA_LENGTH}}$`).test(value) ? null : { key: 'captcha_digits' };
}

/** An SMS code is digits only, at most 10; then the server's verificationCode rule applies. */
export function checkSmsCode(rules: RuleSet, value: string, required = true): Check {
  if (isEmpty(value)) return required ? REQUIRED : null;
  if (!/^[0-9]+$/.test(value) || value.length > SMS_CODE_MAX) return { key: 'sms_code_format' };
  return checkRule(rules.verificationCode, value, { required });
}

/** A typed mobile number never exceeds 20 characters (the input's maxLength). */
export function clampMobileInput(value: string): string {
  return value.slice(0, MOBILE_INPUT_MAX);
}

/** Keeps digits only, up to `max` (SMS code and captcha inputs). */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/[^0-9]/g, '').slice(0, max);
}

/** The first field, in the given order, that has an error (for focusing it on submit). */
export function firstInvalid<K extends string>(order: readonly K[], errors: Partial<Record<K, Check>>): K | undefined {
  return order.find((name) => errors[name]);
}

/** True when no check failed. */
export function allValid(errors: Readonly<Record<string, Check | undefined>>): boolean {
  return Object.values(errors).every((e) => !e);
}
