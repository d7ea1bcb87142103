import { describe, it, expect } from 'vitest';
import en from '../locales/en.json';
import ty from '../locales/ty.json';
import languages from '../locales/languages.json';
import { createTranslator } from '../src/lib/i18n';
import { isTranslationKey, translationKeys } from '../src/lib/i18n-keys';
import { SAME_IN_EVERY_LANGUAGE } from '../scripts/page-checks';

type Dict = Record<string, string>;
const EN = en as Dict;
const TY = ty as Dict;

interface Language {
  code: string;
  name: string;
  native: string;
  htmlLang: string;
  file: boolean;
  rtl?: boolean;
}
const LANGS = languages as Language[];

/** A plural form's key: i18next's `key_<Intl.PluralRules category>`. */
const PLURAL_FORM = /^(.+)_(zero|one|two|few|many|other)$/;

/** Sorted list of the `{{name}}` variables used in a text. */
function vars(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();
}

const SPEC_SECTION_8_KEYS = [
  'in_been_out',
  'invitation_code_error',
  'in_sms_send',
  'in_registered_successfully',
  'free_reject',
  'contact_service',
  'in_popup_prompt',
  'in_sure_logout',
  'in_please_wait',
  'in_email_incorrect',
  'in_incorrect_password',
  'in_confirmation_correct',
];

const REQUIRED_KEYS = [
  // section 8 other visible texts and section 5 validation messages
  'verification_code_error', 'not_logged_in', 'account_logged_out', 'no_permission', 'user_not_exist',
  'username_exists', 'referrer_link_error', 'incorrect_agent_info', 'unknown_error', 'request_url_empty',
  'system_upgrading', 'platform_maintenance', 'access_restricted', 'network_slow', 'popup_blocked',
  'loading_failed_retry', 'enter_username_password', 'login_actual_account', 'non_member_login',
  'non_agent_login', 'password_change_required', 'invalid_invitation_code', 'new_old_password_same',
  'enter_password', 'confirm_password_mismatch', 'change_saved', 'no_data', 'no_announcement',
  'captcha_required', 'captcha_format', 'sms_code_format', 'mobile_required', 'mobile_min_length',
  'format_account', 'format_password', 'format_email', 'format_name', 'format_mobile', 'email_too_long',
  'field_required', 'valid_phone_required', 'valid_birth_date_required', 'remark_max', 'image_type',
  'image_size', 'image_count', 'feedback_words', 'age_confirm',
  // navigation and screen labels used by tenant files
  'home', 'promotions', 'deposit', 'deposit_bonus_badge', 'invite_friends', 'member_centre', 'withdraw',
  'refresh_balance', 'hide_balance', 'show_balance', 'sign_out', 'login', 'register', 'register_now',
  'forgot_password', 'online_service', 'menu', 'language', 'reward_center', 'referral', 'agency',
  'deposit_record', 'withdraw_record', 'account_record', 'betting_record', 'profit_and_loss',
  'upline_transfer', 'single_cash_back', 'mission_activity', 'rebate_report', 'message_center', 'feedback',
  'download_app', 'vip_benefits', 'security_center', 'settings', 'change_password', 'notice',
  'agent_notice', 'help_center', 'user_agreement', 'free_trial', 'activity_centre', 'game_centre',
  'first_password', 'personal_settings', 'leaderboard', 'winners', 'team_overview', 'team_members',
  'team_pnl', 'team_betting', 'team_rebate', 'agent_rebate', 'red_rain', 'open_account', 'dividend',
  'salary_contract', 'dividend_contract', 'hourly_contract', 'agent_home', 'total_balance', 'back',
  'close', 'confirm', 'cancel', 'submit', 'reset', 'search', 'retry', 'loading', 'send_code', 'resend_in',
  'username', 'password', 'confirm_password', 'old_password', 'new_password', 'mobile_number',
  'country_code', 'verification_code', 'captcha', 'email', 'affiliate_code', 'remember_password',
  'show_password', 'hide_password', 'agree_terms', 'already_have_account', 'login_or_register',
  'joined_days', 'level_label', 'good_morning', 'good_afternoon', 'good_evening', 'greeting_morning',
  'greeting_noon', 'greeting_afternoon', 'greeting_evening', 'team_login_count', 'team_bet_count',
  'team_register_count', 'team_online_count', 'play_now', 'in_bet', 'vs', 'jackpot', 'latest_winners',
  'hot_matches', 'all', 'recent', 'favourites', 'hot', 'new', 'filter', 'vendors', 'slot_type',
  'minimum_bet', 'other_categories', 'set_password', 'login_with_username', 'login_with_mobile',
  'by_phone', 'by_email', 'retrieve_password', 'maintenance_title', 'restricted_title',
  'download_bar_text', 'add_to_home_screen', 'ios_guide', 'profile_download',
  // game categories, promotion statuses, room types, extended profile labels
  'cat_HOT', 'cat_SPORTS', 'cat_ESPORTS', 'cat_LIVE', 'cat_FISH', 'cat_RNG', 'cat_PVP', 'cat_INHOUSE',
  'cat_COCKFIGHT', 'cat_ELOTT', 'cat_LOTT',
  'promo_status_applying', 'promo_status_rejected', 'promo_status_issued', 'promo_status_claimed',
  'promo_status_process', 'promo_status_joined', 'promo_status_closed', 'promo_status_signed',
  'promo_status_coming_soon', 'room_free', 'room_vip', 'room_ppv',
  'real_name', 'nickname', 'birthday', 'address', 'nationality', 'occupation', 'source_of_income',
  'place_of_birth', 'id_number', 'id_front', 'id_back', 'id_selfie', 'messaging_handles',
];

describe('translation files', () => {
  it('en and ty have identical key sets', () => {
    expect(Object.keys(EN).sort()).toEqual(Object.keys(TY).sort());
  });

  it('keys are sorted alphabetically in both files', () => {
    for (const dict of [EN, TY]) {
      const keys = Object.keys(dict);
      expect(keys).toEqual([...keys].sort());
    }
  });

  it('keys are snake_case (cat_ keys keep an uppercase suffix)', () => {
    for (const key of Object.keys(TY)) {
      expect(key, key).toMatch(/^(?:[a-z0-9]+(?:_[a-z0-9]+)*|cat_[A-Z]+)$/);
    }
  });

  it('no value is empty and every value is a string', () => {
    for (const dict of [EN, TY]) {
      for (const [key, value] of Object.entries(dict)) {
        expect(typeof value, key).toBe('string');
        expect(value.trim(), key).not.toBe('');
      }
    }
  });

  it('interpolation variables match between en and ty', () => {
    for (const key of Object.keys(EN)) {
      expect(vars(TY[key] ?? ''), key).toEqual(vars(EN[key]));
    }
  });

  it('uses {{x}} interpolation only (no {0}-style placeholders)', () => {
    for (const dict of [EN, TY]) {
      for (const [key, value] of Object.entries(dict)) {
        expect(value, key).not.toMatch(/(^|[^{])\{\d+\}/);
      }
    }
  });

  it('needs nothing the translator is not set up for (nesting, formatted values)', () => {
    for (const dict of [EN, TY]) {
      for (const [key, value] of Object.entries(dict)) {
        expect(key, key).not.toMatch(/_ordinal_\w+$/);
        expect(value, key).not.toContain('$t(');
        for (const [placeholder] of value.matchAll(/\{\{.+?\}\}/g)) expect(placeholder, key).toMatch(/^\{\{\s*[A-Za-z_]\w*\s*\}\}$/);
      }
    }
  });

  it("a plural text has exactly the forms of its language's plural rules, each filling {{count}}", () => {
    for (const [dict, code] of [[EN, 'EN'], [TY, 'TY']] as const) {
      const htmlLang = LANGS.find((l) => l.code === code)?.htmlLang ?? '';
      const categories = new Intl.PluralRules(htmlLang).resolvedOptions().pluralCategories.slice().sort();
      const forms = new Map<string, string[]>();
      for (const key of Object.keys(dict)) {
        const m = PLURAL_FORM.exec(key);
        if (m) forms.set(m[1], [...(forms.get(m[1]) ?? []), m[2]]);
      }
      expect(forms.size, code).toBeGreaterThan(0);
      for (const [base, found] of forms) {
        expect(found.sort(), `${code} ${base}`).toEqual(categories);
        // The key is called by its base: a text of that name would never show.
        expect(dict, `${code} ${base}`).not.toHaveProperty([base]);
        for (const category of found) expect(vars(dict[`${base}_${category}`]), `${code} ${base}_${category}`).toContain('count');
      }
    }
  });

  it('shows the plural form the count asks for', async () => {
    const i18n = createTranslator('en', 'en');
    i18n.addResourceBundle('en', EN);
    expect(i18n.t('team_bets_count', { count: 1 })).toBe('1 bet');
    expect(i18n.t('team_bets_count', { count: 2 })).toBe('2 bets');
    expect(i18n.t('team_bets_count', { count: 0 })).toBe('0 bets');
    expect(i18n.t('feedback_images_sent', { count: 1 })).toBe('1 image attached');
    expect(i18n.t('red_rain_team_total', { count: 3, amount: '₱1.00' })).toBe('3 catches, total ₱1.00');
    i18n.addResourceBundle('fil', TY);
    await i18n.changeLanguage('fil');
    expect(i18n.t('team_bets_count', { count: 1 })).toBe(TY.team_bets_count_one.replace('{{count}}', '1'));
    expect(i18n.t('team_bets_count', { count: 4 })).toBe(TY.team_bets_count_other.replace('{{count}}', '4'));
  });

  it('has every section 8 key of the spec', () => {
    for (const key of SPEC_SECTION_8_KEYS) {
      expect(EN, key).toHaveProperty([key]);
      expect(TY, key).toHaveProperty([key]);
    }
  });

  it('has every required screen, validation, category and label key', () => {
    const missing = REQUIRED_KEYS.filter((k) => !(k in EN) || !(k in TY));
    expect(missing).toEqual([]);
  });

  it('keeps interpolation variables the screens rely on', () => {
    expect(vars(EN.access_restricted)).toEqual(['ip']);
    expect(vars(EN.resend_in)).toEqual(['seconds']);
    expect(vars(EN.joined_days)).toEqual(['count']);
    expect(vars(EN.level_label)).toEqual(['level']);
    expect(vars(EN.mobile_min_length)).toEqual(['min']);
    expect(vars(EN.age_confirm)).toEqual(['age']);
    expect(vars(EN.feedback_words)).toEqual(['max', 'min']);
  });

  it('keeps the exact English wording the spec quotes', () => {
    expect(EN.new_old_password_same).toBe('The new password and the old password cannot be the same');
    expect(EN.enter_password).toBe('Enter password');
    expect(EN.confirm_password_mismatch).toBe('Confirmation password not matched');
    expect(EN.change_saved).toBe('Change saved');
    expect(EN.no_data).toBe('no data');
    expect(EN.invalid_invitation_code).toBe('Invalid invitation code');
    expect(EN.deposit_bonus_badge).toBe('+20%');
  });
});

/**
 * A text that may read the same in Filipino and English: its words (placeholders apart) are all
 * names the same in every language (brands, currencies, "VIP", "OK"), or it has no words at all
 * (numbers, signs, placeholders: "+20%", "{{done}} / {{target}}").
 */
function sameInEveryLanguage(text: string): boolean {
  const words = text.replace(/\{\{\s*[\w.]+\s*\}\}/g, ' ').match(/\p{L}[\p{L}'-]*/gu) ?? [];
  return words.every((w) => SAME_IN_EVERY_LANGUAGE.includes(w));
}

describe('Filipino texts', () => {
  it('tells brand names and numbers from English words', () => {
    expect(sameInEveryLanguage('{{rate}}%')).toBe(true);
    expect(sameInEveryLanguage('+20%')).toBe(true);
    expect(sameInEveryLanguage('VIP {{level}}')).toBe(true);
    expect(sameInEveryLanguage('WhatsApp')).toBe(true);
    expect(sameInEveryLanguage('Level {{level}}')).toBe(false);
    expect(sameInEveryLanguage('Player')).toBe(false);
  });

  // Every key is shown somewhere on demo-ph (Filipino by default): the protection screens, the
  // team's badges, agent home, the promotions, the game list. A Filipino text equal to English is
  // an English word on a Filipino page, which the review's "untranslated" check cannot see (it
  // takes such a text for a loan word).
  it('every key has a Filipino text of its own, not the English one (brand names and numbers apart)', () => {
    const english = Object.keys(EN).filter((key) => TY[key]?.trim() && TY[key] === EN[key] && !sameInEveryLanguage(EN[key]));
    expect(english.map((key) => `${key}: "${EN[key]}"`)).toEqual([]);
  });
});

describe('i18n-keys helpers', () => {
  it('lists every key and recognises keys', () => {
    // A plural text is one key: its forms (key_one, key_other) are called by it.
    const called = new Set(Object.keys(TY).map((k) => k.replace(PLURAL_FORM, '$1')));
    expect([...translationKeys].sort()).toEqual([...called].sort());
    expect(isTranslationKey('in_been_out')).toBe(true);
    expect(isTranslationKey('team_bets_count')).toBe(true);
    expect(isTranslationKey('team_bets_count_one')).toBe(false);
    expect(isTranslationKey('cat_LOTT')).toBe(true);
    expect(isTranslationKey('not_a_real_key')).toBe(false);
    expect(isTranslationKey('toString')).toBe(false);
  });
});

describe('languages.json', () => {
  it('has at least 38 entries with unique uppercase 2-letter codes', () => {
    expect(LANGS.length).toBeGreaterThanOrEqual(38);
    const codes = LANGS.map((l) => l.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('includes every language the spec lists', () => {
    const codes = new Set(LANGS.map((l) => l.code));
    for (const code of 'TY EN CN JA TH VI MY ES HI ID KM KO MS PT TA TW UR TR BN AR FA RU KK UZ LO NE FR TE SW'.split(' ')) {
      expect(codes.has(code), code).toBe(true);
    }
  });

  it('marks only TY and EN as having translation files', () => {
    const withFile = LANGS.filter((l) => l.file === true).map((l) => l.code).sort();
    expect(withFile).toEqual(['EN', 'TY']);
  });

  it('gives each language a name, native name and BCP-47 htmlLang', () => {
    for (const l of LANGS) {
      expect(l.name.trim(), l.code).not.toBe('');
      expect(l.native.trim(), l.code).not.toBe('');
      expect(l.htmlLang, l.code).toMatch(/^[a-z]{2,3}(?:-[A-Z]{2})?$/);
    }
    const byCode = Object.fromEntries(LANGS.map((l) => [l.code, l.htmlLang]));
    expect(byCode.TY).toBe('fil');
    expect(byCode.EN).toBe('en');
    expect(byCode.CN).toBe('zh-CN');
    expect(byCode.TW).toBe('zh-TW');
    expect(byCode.MY).toBe('my');
    expect(byCode.MS).toBe('ms');
  });

  it('marks AR, FA, UR and HE right-to-left and no others', () => {
    const rtl = LANGS.filter((l) => l.rtl === true).map((l) => l.code).sort();
    expect(rtl).toEqual(['AR', 'FA', 'HE', 'UR']);
  });
});
