import { invalidField } from '../errors';

/** Field message keys besides the rules' own (i18n keys in locales/*.json). */
export const FIELD_MESSAGES = {
  required: 'field_required',
  confirmMissing: 'in_incorrect_password',
  confirmMismatch: 'in_confirmation_correct',
  newConfirmMismatch: 'confirm_password_mismatch',
} as const;

/** One field's rule as served to the client and enforced again by the server. */
export interface FieldRule {
  /** A JavaScript regular expression source (no flags). */
  pattern: string;
  min?: number;
  max?: number;
  required?: boolean;
  /** i18n key of the message shown when the value breaks the rule. */
  messageKey: string;
}

export type RuleName =
  | 'loginUsername'
  | 'loginPassword'
  | 'loginMobileNum'
  | 'verificationCode'
  | 'username'
  | 'password'
  | 'mobileNum'
  | 'paymentPassword'
  | 'idNumber'
  | 'qqNum'
  | 'facebook'
  | 'wechat'
  | 'line'
  | 'whatsapp'
  | 'zalo'
  | 'email'
  | 'nickname'
  | 'payeeName'
  | 'recommenderId'
  | 'affiliateCode';

/**
 * The validation rule set keyed by the spec's field names (section 5). Login rules are looser
 * than registration rules so that accounts created under older rules can still log in.
 */
export const VALIDATION_RULES: Record<RuleName, FieldRule> = {
  loginUsername: { pattern: '^[A-Za-z0-9_]{4,20}$', min: 4, max: 20, required: true, messageKey: 'format_account' },
  loginPassword: { pattern: '^\\S{6,20}$', min: 6, max: 20, required: true, messageKey: 'format_password' },
  loginMobileNum: { pattern: '^[0-9]{7,15}$', min: 7, max: 15, required: true, messageKey: 'format_mobile' },
  verificationCode: { pattern: '^[0-9]{4,10}$', min: 4, max: 10, required: true, messageKey: 'sms_code_format' },
  username: { pattern: '^[A-Za-z][A-Za-z0-9]{3,15}$', min: 4, max: 16, required: true, messageKey: 'format_account' },
  password: {
    pattern: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9!@#$%^&*._-]{6,20}$',
    min: 6,
    max: 20,
    required: true,
    messageKey: 'format_password',
  },
  mobileNum: { pattern: '^[0-9]{7,15}$', min: 7, max: 15, messageKey: 'format_mobile' },
  paymentPassword: { pattern: '^[0-9]{6}$', min: 6, max: 6, messageKey: 'format_payment_password' },
  idNumber: { pattern: '^[A-Za-z0-9-]{4,30}$', min: 4, max: 30, messageKey: 'format_id_number' },
  qqNum: { pattern: '^[1-9][0-9]{4,11}$', min: 5, max: 12, messageKey: 'format_qq' },
  facebook: { pattern: '^[A-Za-z0-9._@-]{2,50}$', min: 2, max: 50, messageKey: 'format_facebook' },
  wechat: { pattern: '^[A-Za-z][A-Za-z0-9_-]{5,19}$', min: 6, max: 20, messageKey: 'format_wechat' },
  line: { pattern: '^[A-Za-z0-9._-]{4,20}$', min: 4, max: 20, messageKey: 'format_line' },
  whatsapp: { pattern: '^\\+?[0-9]{7,15}$', min: 7, max: 16, messageKey: 'format_whatsapp' },
  zalo: { pattern: '^[0-9]{7,15}$', min: 7, max: 15, messageKey: 'format_zalo' },
  email: {
    pattern: '^\\w+([.-]?\\w+)*@\\w+([.-]?\\w+)*(\\.\\w{2,3})+$',
    max: 254,
    messageKey: 'in_email_incorrect',
  },
  nickname: { pattern: '^[^<>"\'&\\\\]{2,20}$', min: 2, max: 20, messageKey: 'format_name' },
  payeeName: { pattern: '^[^<>"\'&\\\\0-9]{2,50}$', min: 2, max: 50, messageKey: 'format_name' },
  recommenderId: { pattern: '^[A-Za-z0-9_]{4,20}$', min: 4, max: 20, messageKey: 'referrer_link_error' },
  affiliateCode: { pattern: '^[A-Za-z0-9]{4,16}$', min: 4, max: 16, messageKey: 'invitation_code_error' },
};

const compiled = new Map<string, RegExp>(Object.entries(VALIDATION_RULES).map(([k, r]) => [k, new RegExp(r.pattern)]));

/** Whether a value satisfies its rule (length bounds and pattern). */
export function satisfies(name: RuleName, value: string): boolean {
  const rule = VALIDATION_RULES[name];
  if (rule.min !== undefined && value.length < rule.min) return false;
  if (rule.max !== undefined && value.length > rule.max) return false;
  return compiled.get(name)!.test(value);
}

/**
 * Enforces a rule on one field. An empty value passes unless required (spec section 5: a rule
 * not required passes when empty). `field` is the JSON pointer reported to the client.
 */
export function enforce(name: RuleName, value: string | undefined | null, required: boolean, field = `/${name}`): void {
  const empty = value === undefined || value === null || value === '';
  if (empty) {
    if (required) throw invalidField(field, FIELD_MESSAGES.required);
    return;
  }
  if (!satisfies(name, value)) throw invalidField(field, VALIDATION_RULES[name].messageKey);
}
