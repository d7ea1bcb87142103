import { describe, expect, it } from 'vitest';
import { VALIDATION_RULES } from '../../server/lib/validation-rules';
import {
  CAPTCHA_LENGTH,
  EMAIL_LENGTH_LIMIT,
  MOBILE_INPUT_MAX,
  REQUIRED,
  SMS_CODE_MAX,
  allValid,
  checkCaptcha,
  checkChangeConfirm,
  checkEmail,
  checkField,
  checkRegisterConfirm,
  checkRule,
  checkSmsCode,
  clampMobileInput,
  digitsOnly,
  firstInvalid,
  mobileMinLength,
  newDiffersFromOld,
  satisfiesRule,
  type FieldRule,
  type RuleSet,
} from '../../src/features/account/validation';

/** The rule set the server serves (GET /wps/system/validationRules). */
const RULES: RuleSet = VALIDATION_RULES;

describe('checkRule: the server rule set applied generically', () => {
  const rule: FieldRule = { pattern: '^[a-z]+$', min: 3, max: 5, messageKey: 'format_name' };

  it('a rule not required passes when empty; a required one fails with field_required', () => {
    expect(checkRule(rule, '')).toBeNull();
    expect(checkRule({ ...rule, required: true }, '')).toEqual(REQUIRED);
    expect(checkRule(rule, '', { required: true })).toEqual({ key: 'field_required' });
    // The registration settings may make a required rule optional.
    expect(checkRule({ ...rule, required: true }, '', { required: false })).toBeNull();
  });

  it('min, max and pattern each fail with the rule’s message key', () => {
    expect(checkRule(rule, 'abcd')).toBeNull();
    expect(checkRule(rule, 'ab')).toEqual({ key: 'format_name' });
    expect(checkRule(rule, 'abcdef')).toEqual({ key: 'format_name' });
    expect(checkRule(rule, 'ab1')).toEqual({ key: 'format_name' });
  });

  it('without a rule only required is checked', () => {
    expect(checkRule(undefined, 'anything')).toBeNull();
    expect(checkRule(undefined, '', { required: true })).toEqual(REQUIRED);
  });

  it('a pattern the browser cannot compile does not block the form (the server still checks)', () => {
    expect(satisfiesRule({ pattern: '([', messageKey: 'x' }, 'abc')).toBe(true);
    expect(satisfiesRule({ pattern: '([', max: 2, messageKey: 'x' }, 'abc')).toBe(false);
  });
});

describe('each rule of the server rule set used by the forms', () => {
  const cases: Record<string, { ok: string; bad: string }> = {
    loginUsername: { ok: 'juan_123', bad: 'ju' },
    loginPassword: { ok: 'secret99', bad: 'has space' },
    loginMobileNum: { ok: '9171234567', bad: '917-123' },
    verificationCode: { ok: '123456', bad: '12' },
    username: { ok: 'juan123', bad: '1juan' },
    password: { ok: 'secret99', bad: 'abcdefgh' },
    mobileNum: { ok: '9171234567', bad: '12345' },
    paymentPassword: { ok: '123456', bad: '12345a' },
    idNumber: { ok: 'AB-1234', bad: 'a b' },
    qqNum: { ok: '123456', bad: '0123' },
    facebook: { ok: 'juan.dela.cruz', bad: 'a' },
    wechat: { ok: 'juan_99', bad: '9juan' },
    line: { ok: 'juan.99', bad: 'ju' },
    whatsapp: { ok: '+639171234567', bad: '+63-917' },
    zalo: { ok: '9171234567', bad: '91712a' },
    email: { ok: 'juan@mail.example.ph', bad: 'juan@' },
    nickname: { ok: 'Juan', bad: '<b>' },
    payeeName: { ok: 'Juan Dela Cruz', bad: 'Juan 2' },
    recommenderId: { ok: 'demoagent', bad: 'no!' },
    affiliateCode: { ok: 'AGENT01', bad: 'A-1' },
  };

  it('covers every rule the server serves', () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(RULES).sort());
  });

  it.each(Object.entries(cases))('%s: a passing and a failing value', (name, { ok, bad }) => {
    expect(checkField(RULES, name, ok)).toBeNull();
    const failed = checkField(RULES, name, bad);
    expect(failed).not.toBeNull();
    if (name !== 'mobileNum' && name !== 'loginMobileNum') expect(failed).toEqual({ key: RULES[name].messageKey });
  });
});

describe('mobile numbers', () => {
  it('the error states the minimum length of the configured mobileNum rule', () => {
    expect(mobileMinLength(RULES)).toBe(7);
    expect(checkField(RULES, 'mobileNum', '12345')).toEqual({ key: 'mobile_min_length', params: { min: 7 } });
    expect(checkField(RULES, 'loginMobileNum', '12345')).toEqual({ key: 'mobile_min_length', params: { min: 7 } });
    expect(checkField(RULES, 'mobileNum', '9171234567')).toBeNull();
  });

  it('takes the minimum from the expression when the rule has no min', () => {
    const rules: RuleSet = { mobileNum: { pattern: '^[0-9]{10,11}$', messageKey: 'format_mobile' } };
    expect(mobileMinLength(rules)).toBe(10);
    expect(checkField(rules, 'mobileNum', '123')).toEqual({ key: 'mobile_min_length', params: { min: 10 } });
    expect(mobileMinLength({ mobileNum: { pattern: '^[0-9]{9}$', messageKey: 'format_mobile' } })).toBe(9);
    expect(mobileMinLength({})).toBeUndefined();
  });

  it('falls back to the rule’s own message when no minimum can be found', () => {
    const rules: RuleSet = { mobileNum: { pattern: '^[0-9]+$', messageKey: 'format_mobile' } };
    expect(checkField(rules, 'mobileNum', '12a')).toEqual({ key: 'format_mobile' });
  });

  it('a required empty number asks for the number', () => {
    expect(checkField(RULES, 'mobileNum', '', { required: true })).toEqual({ key: 'mobile_required' });
    expect(checkField(RULES, 'mobileNum', '')).toBeNull();
  });

  it('the input keeps at most 20 characters', () => {
    expect(MOBILE_INPUT_MAX).toBe(20);
    expect(clampMobileInput('9171234567')).toBe('9171234567');
    expect(clampMobileInput('1'.repeat(25))).toBe('1'.repeat(20));
  });
});

describe('forgot password e-mail', () => {
  it('accepts word characters, dotted parts, @ and a domain with 2-3 letter parts', () => {
    expect(checkEmail('juan@mail.com')).toBeNull();
    expect(checkEmail('juan.dela-cruz@mail.example.ph')).toBeNull();
    expect(checkEmail('juan@mail')).toEqual({ key: 'in_email_incorrect' });
    expect(checkEmail('juan@mail.c')).toEqual({ key: 'in_email_incorrect' });
    expect(checkEmail('ju an@mail.com')).toEqual({ key: 'in_email_incorrect' });
  });

  it('is trimmed and required', () => {
    expect(checkEmail('  juan@mail.com  ')).toBeNull();
    expect(checkEmail('   ')).toEqual(REQUIRED);
  });

  it('must be shorter than 255 characters', () => {
    const long = `${'a'.repeat(EMAIL_LENGTH_LIMIT - '@mail.com'.length)}@mail.com`;
    expect(long).toHaveLength(255);
    expect(checkEmail(long)).toEqual({ key: 'email_too_long' });
    expect(checkEmail(long.slice(1))).toBeNull();
  });
});

describe('register confirmation', () => {
  it('is required', () => {
    expect(checkRegisterConfirm('secret99', '')).toEqual({ key: 'in_incorrect_password' });
  });
  it('must equal the password', () => {
    expect(checkRegisterConfirm('secret99', 'secret98')).toEqual({ key: 'in_confirmation_correct' });
    expect(checkRegisterConfirm('secret99', 'secret99')).toBeNull();
  });
});

describe('change password', () => {
  it('confirmation is required (enter_password) and equal (confirm_password_mismatch)', () => {
    expect(checkChangeConfirm('newpass77', '')).toEqual({ key: 'enter_password' });
    expect(checkChangeConfirm('newpass77', 'newpass78')).toEqual({ key: 'confirm_password_mismatch' });
    expect(checkChangeConfirm('newpass77', 'newpass77')).toBeNull();
  });
  it('new must differ from old', () => {
    expect(newDiffersFromOld('secret99', 'newpass77')).toBe(true);
    expect(newDiffersFromOld('secret99', 'secret99')).toBe(false);
  });
  it('old uses loginPassword and new uses password', () => {
    // 'abcdefgh' is a valid login password (older rules) but not a valid new password.
    expect(checkField(RULES, 'loginPassword', 'abcdefgh')).toBeNull();
    expect(checkField(RULES, 'password', 'abcdefgh')).toEqual({ key: 'format_password' });
    expect(checkField(RULES, 'loginPassword', 'abc')).toEqual({ key: 'format_password' });
    expect(checkField(RULES, 'password', 'abcdef12')).toBeNull();
  });
});

describe('captcha', () => {
  it('is not checked while hidden', () => {
    expect(checkCaptcha('', false, 'login')).toBeNull();
  });
  it('is required when shown', () => {
    expect(checkCaptcha('', true, 'login')).toEqual({ key: 'captcha_required' });
    expect(checkCaptcha('', true, 'register')).toEqual({ key: 'captcha_required' });
  });
  it('is 6 digits at login and registration', () => {
    expect(CAPTCHA_LENGTH).toBe(6);
    expect(checkCaptcha('123456', true, 'login')).toBeNull();
    expect(checkCaptcha('12345', true, 'login')).toEqual({ key: 'captcha_digits' });
    expect(checkCaptcha('12345a', true, 'register')).toEqual({ key: 'captcha_digits' });
    expect(checkCaptcha('654321', true, 'register')).toBeNull();
  });
  it('is 1 to 16 characters elsewhere', () => {
    expect(checkCaptcha('a', true, 'other')).toBeNull();
    expect(checkCaptcha('x'.repeat(16), true, 'other')).toBeNull();
    expect(checkCaptcha('x'.repeat(17), true, 'other')).toEqual({ key: 'captcha_format' });
  });
});

describe('SMS code', () => {
  it('is numeric', () => {
    expect(checkSmsCode(RULES, '123456')).toBeNull();
    expect(checkSmsCode(RULES, '12a456')).toEqual({ key: 'sms_code_format' });
  });
  it('is at most 10 digits', () => {
    expect(SMS_CODE_MAX).toBe(10);
    expect(checkSmsCode(RULES, '1234567890')).toBeNull();
    expect(checkSmsCode(RULES, '12345678901')).toEqual({ key: 'sms_code_format' });
  });
  it('then follows the server’s verificationCode rule', () => {
    expect(checkSmsCode(RULES, '12')).toEqual({ key: RULES.verificationCode.messageKey });
  });
  it('is required unless told otherwise', () => {
    expect(checkSmsCode(RULES, '')).toEqual(REQUIRED);
    expect(checkSmsCode(RULES, '', false)).toBeNull();
  });
  it('inputs keep digits only, up to their maximum', () => {
    expect(digitsOnly('12a3-45 6', SMS_CODE_MAX)).toBe('123456');
    expect(digitsOnly('123456789012', SMS_CODE_MAX)).toBe('1234567890');
    expect(digitsOnly('1234567', CAPTCHA_LENGTH)).toBe('123456');
  });
});

describe('form helpers', () => {
  it('firstInvalid follows the given field order', () => {
    const errors = { password: { key: 'format_password' }, username: null, captcha: { key: 'captcha_required' } };
    expect(firstInvalid(['username', 'password', 'captcha'], errors)).toBe('password');
    expect(firstInvalid(['captcha', 'password'], errors)).toBe('captcha');
    expect(firstInvalid(['username'], errors)).toBeUndefined();
  });
  it('allValid is true only without errors', () => {
    expect(allValid({ a: null, b: undefined })).toBe(true);
    expect(allValid({ a: null, b: { key: 'field_required' } })).toBe(false);
  });
});
