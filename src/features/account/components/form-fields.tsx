/**
 * Building blocks shared by the account form widgets (login, register, forgot password, change
 * password, set password by SMS). Widgets never import each other, so what they share lives here:
 * the mode tabs, labelled inputs with their error text, the password show/hide toggle, the mobile
 * number with its dialing code, the SMS code with its send-code button, the captcha image, the
 * social-login block and the language-change revalidation.
 */
import './form-fields.css';
import { createContext, useCallback, useEffect, useId, useMemo, useRef, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { ValidationRules } from '../../../generated/api/system';
import type { TenantSettings, WhiteLabelFlags } from '../../../generated/tenant';
import { ApiFailure } from '../../../lib/api/client';
import type { TranslationKey } from '../../../lib/i18n-keys';
import { captchaImageSrc, type CaptchaState } from '../api/captcha';
import { useValidationRules } from '../api/registration';
import { hasText, runtimeText, showToast, TOAST_SHORT_MS } from '../../../lib/feedback';
import { Icon } from '../../../components/icons';
import { effectiveSettings, useRuntime } from '../../../lib/runtime';
import type { SmsCountdown } from '../sms-countdown';
import { CAPTCHA_LENGTH, MOBILE_INPUT_MAX, SMS_CODE_MAX, clampMobileInput, digitsOnly, type Check, type Invalid, type RuleSet } from '../validation';

/**
 * A host that shows an account form over another page (the member centre's login dialog) may
 * provide `onDone`: the form then calls it after logging in instead of navigating.
 */
export const AccountFormHostContext = createContext<{ onDone?: () => void }>({});

/** What every account form reads from the runtime: settings, flags, merchant codes and the rule set. */
export function useAccountContext() {
  const runtime = useRuntime();
  const { tenant, startup } = runtime;
  const settings = useMemo(() => effectiveSettings({ tenant, startup }), [tenant, startup]);
  const info = startup.info ?? {};
  const rules: RuleSet = useValidationRules(startup.validation as ValidationRules | undefined);
  return {
    tenant,
    startup,
    settings,
    flags: runtime.gateContext.flags,
    install: runtime.gateContext.install,
    session: runtime.session,
    merchantCode: typeof info.merchantCode === 'string' ? info.merchantCode : tenant.merchantCode,
    trialMerchantCode: typeof info.trialMerchantCode === 'string' ? info.trialMerchantCode : tenant.trialMerchantCode,
    countryDialingCode: typeof info.countryDialingCode === 'string' ? info.countryDialingCode : tenant.settings.countryDialingCode,
    /** Dialing codes the site accepts for SMS (the server refuses others). */
    dialingCodes: Array.isArray(info.dialingCodes) ? (info.dialingCodes as string[]) : tenant.settings.dialingCodes,
    rules,
  };
}

export type Values<F extends string> = Record<F, string>;
export type Errors<F extends string> = Partial<Record<F, Check>>;

export interface FieldForm<F extends string> {
  values: Values<F>;
  errors: Errors<F>;
  touched: Partial<Record<F, boolean>>;
  /** Sets a value; a touched field (and each of `recheck` that is touched) is validated again. */
  setValue(field: F, value: string, recheck?: readonly F[]): void;
  /** Sets values without validating (remembered credentials, clearing after a failure). */
  replaceValues(values: Partial<Values<F>>): void;
  blur(field: F): void;
  setError(field: F, error: Check): void;
  clearErrors(): void;
  /** Validates the fields (in order), shows their errors, focuses the first invalid one and returns it. */
  checkAll(fields: readonly F[]): F | undefined;
  /** Validates the touched fields that hold a value (after a language change). */
  revalidateFilled(): void;
  focus(field: F): void;
  /** Props for a TextField of `field`. */
  bind(field: F): {
    value: string;
    onValueChange(value: string): void;
    onBlur(): void;
    error: Check | undefined;
    inputRef(el: HTMLInputElement | null): void;
    name: string;
  };
}

/**
 * Values, errors and touched state of a form's fields. `validate` is the form's rule for a field,
 * given all values (a confirmation depends on its password).
 */
export function useFieldForm<F extends string>(initial: () => Values<F>, validate: (field: F, values: Values<F>) => Check): FieldForm<F> {
  const [values, setValues] = useState<Values<F>>(initial);
  const [errors, setErrors] = useState<Errors<F>>({});
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const inputs = useRef<Partial<Record<F, HTMLInputElement | null>>>({});
  // Handlers read the latest state through the ref, so they stay stable across renders.
  const latest = useRef({ values, touched, validate });
  useEffect(() => {
    latest.current = { values, touched, validate };
  });

  const setValue = useCallback((field: F, value: string, recheck: readonly F[] = []) => {
    const { values: current, touched: seen, validate: rule } = latest.current;
    const next = { ...current, [field]: value };
    latest.current = { ...latest.current, values: next };
    setValues(next);
    const update: Errors<F> = {};
    for (const f of [field, ...recheck]) if (seen[f]) update[f] = rule(f, next);
    if (Object.keys(update).length) setErrors((e) => ({ ...e, ...update }));
  }, []);

  const replaceValues = useCallback((partial: Partial<Values<F>>) => {
    const next = { ...latest.current.values, ...partial };
    latest.current = { ...latest.current, values: next };
    setValues(next);
  }, []);

  const blur = useCallback((field: F) => {
    const { values: current, validate: rule } = latest.current;
    setTouched((t) => ({ ...t, [field]: true }));
    setErrors((e) => ({ ...e, [field]: rule(field, current) }));
  }, []);

  const setError = useCallback((field: F, error: Check) => setErrors((e) => ({ ...e, [field]: error })), []);
  const clearErrors = useCallback(() => setErrors({}), []);

  const focus = useCallback((field: F) => {
    const el = inputs.current[field];
    if (el && !el.disabled) el.focus();
  }, []);

  const checkAll = useCallback(
    (fields: readonly F[]) => {
      const { values: current, validate: rule } = latest.current;
      const update: Errors<F> = {};
      for (const f of fields) update[f] = rule(f, current);
      setErrors((e) => ({ ...e, ...update }));
      setTouched((t) => ({ ...t, ...Object.fromEntries(fields.map((f) => [f, true])) }));
      const first = fields.find((f) => update[f]);
      if (first) focus(first);
      return first;
    },
    [focus],
  );

  const revalidateFilled = useCallback(() => {
    const { values: current, touched: seen, validate: rule } = latest.current;
    const update: Errors<F> = {};
    for (const f of Object.keys(current) as F[]) if (seen[f] && current[f] !== '') update[f] = rule(f, current);
    if (Object.keys(update).length) setErrors((e) => ({ ...e, ...update }));
  }, []);

  const bind = (field: F) => ({
    name: field,
    value: values[field],
    onValueChange: (v: string) => setValue(field, v),
    onBlur: () => blur(field),
    error: errors[field],
    inputRef: (el: HTMLInputElement | null) => {
      inputs.current[field] = el;
    },
  });

  return { values, errors, touched, setValue, replaceValues, blur, setError, clearErrors, checkAll, revalidateFilled, focus, bind };
}

/** Language-change revalidation delay (spec section 9). */
export const LANGUAGE_REVALIDATE_MS = 200;

/**
 * Turns a check into text. A key the translation files lack (a server may add codes before the
 * files catch up) shows the generic 'unknown_error' rather than a raw key.
 */
export function useMessageText(): (message: Check | undefined) => string {
  const { t, i18n } = useTranslation();
  return (message) => {
    if (!message) return '';
    return hasText(i18n, message.key) ? t(message.key, message.params) : t('unknown_error');
  };
}

/** The message of a failed call: the field rule's key for a validation failure, else the error's key. */
export function failureMessage(error: unknown): Invalid {
  if (error instanceof ApiFailure) {
    const fieldKey = (error.value as { messageKey?: unknown } | undefined)?.messageKey;
    return { key: typeof fieldKey === 'string' ? fieldKey : error.messageKey };
  }
  return { key: 'unknown_error' };
}

/** The form field a failed call names ("/username" -> "username"), if any. */
export function failureField(error: unknown): string | undefined {
  if (!(error instanceof ApiFailure)) return undefined;
  const pointer = error.field;
  return pointer ? pointer.replace(/^\//, '').split('/')[0] : undefined;
}

/**
 * Revalidates when the language changes, after a 200 ms debounce (spec section 4), so that the
 * messages of filled fields are produced again in the new language.
 */
export function useLanguageRevalidation(revalidate: () => void, delayMs = LANGUAGE_REVALIDATE_MS): void {
  const { i18n: wrapped } = useTranslation();
  // react-i18next hands out a new wrapper object per language; listen on the instance itself, so
  // that the language change does not also re-subscribe (and cancel the pending revalidation).
  const i18n = (wrapped as typeof wrapped & { __original?: typeof wrapped }).__original ?? wrapped;
  const latest = useRef(revalidate);
  useEffect(() => {
    latest.current = revalidate;
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onChange = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), delayMs);
    };
    i18n.on('languageChanged', onChange);
    return () => {
      clearTimeout(timer);
      i18n.off('languageChanged', onChange);
    };
  }, [i18n, delayMs]);
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'prefix'> {
  /** i18n key of the label. */
  label: string;
  /** Label text that is the same in every language (a brand name such as WhatsApp); wins over `label`. */
  labelText?: string;
  value: string;
  onValueChange(value: string): void;
  error?: Check;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown before the input (e.g. the country dialing code). */
  prefix?: ReactNode;
  /** Shown after the input (toggle, send-code button, captcha image). */
  addon?: ReactNode;
  /** Hint text's i18n key. */
  hint?: TranslationKey;
}

/** A labelled input with its error text; required fields get an asterisk (drawn by CSS) and aria-required. */
export function TextField({ label, labelText, value, onValueChange, error, inputRef, prefix, addon, hint, required, id, className, ...input }: TextFieldProps) {
  const { t, i18n } = useTranslation();
  const text = useMessageText();
  const autoId = useId();
  const inputId = id ?? `f${autoId}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  const classes = ['form-field', required ? 'form-field--required' : '', error ? 'form-field--invalid' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes}>
      <label className="form-field__label" htmlFor={inputId}>
        {labelText ?? runtimeText(i18n, label)}
      </label>
      <div className="form-field__control">
        {prefix}
        <input
          {...input}
          id={inputId}
          ref={inputRef}
          className="form-field__input"
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {addon}
      </div>
      {hint ? (
        <p className="form-field__hint" id={hintId}>
          {t(hint)}
        </p>
      ) : null}
      {error ? (
        <p className="form-field__error" id={errorId}>
          {text(error)}
        </p>
      ) : null}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'addon'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const toggle = (
    <button
      type="button"
      className="form-field__addon form-field__toggle"
      aria-label={t(visible ? 'hide_password' : 'show_password')}
      aria-pressed={visible}
      onClick={() => setVisible((v) => !v)}
    >
      <Icon name={visible ? 'eye' : 'eye-off'} />
    </button>
  );
  return <TextField autoComplete="current-password" {...props} type={visible ? 'text' : 'password'} addon={toggle} />;
}

export interface CaptchaFieldProps extends Omit<TextFieldProps, 'label' | 'addon' | 'maxLength'> {
  captcha: CaptchaState;
  /** Loads a new image and clears the entry. */
  onRefresh(): void;
  label?: string;
}

/** The captcha input (digits only) and its image; tapping the image loads a new one. */
export function CaptchaField({ captcha, onRefresh, label = 'captcha', onValueChange, ...field }: CaptchaFieldProps) {
  const { t } = useTranslation();
  const image = (
    <button type="button" className="form-field__addon captcha-image" onClick={onRefresh} aria-label={t('captcha')} aria-busy={captcha.loading || undefined}>
      {captcha.captcha ? (
        <img src={captchaImageSrc(captcha.captcha)} alt="" width={120} height={40} />
      ) : (
        <span className="captcha-image__text">{t(captcha.failed ? 'loading_failed_retry' : 'loading')}</span>
      )}
    </button>
  );
  return (
    <TextField
      inputMode="numeric"
      autoComplete="off"
      {...field}
      label={label}
      maxLength={CAPTCHA_LENGTH}
      onValueChange={(value) => onValueChange(digitsOnly(value, CAPTCHA_LENGTH))}
      addon={image}
    />
  );
}

/** The send-code button: a countdown while one runs (requests are ignored meanwhile). */
export function SendCodeButton({ countdown, onSend, disabled }: { countdown: SmsCountdown; onSend(): void; disabled?: boolean }) {
  const { t } = useTranslation();
  const waiting = countdown.counting || countdown.sending;
  return (
    <button
      type="button"
      className="form-field__addon send-code"
      onClick={() => {
        if (!waiting) onSend();
      }}
      disabled={disabled || waiting}
    >
      {countdown.counting ? t('resend_in', { seconds: countdown.seconds }) : t('send_code')}
    </button>
  );
}

export interface SmsCodeFieldProps extends Omit<TextFieldProps, 'label' | 'addon' | 'disabled' | 'maxLength'> {
  /** i18n key of the label; 'verification_code' unless told. */
  label?: string;
  countdown: SmsCountdown;
  /** Asks for a code; the form checks the mobile number first. */
  onSend(): void;
}

/** The SMS verification code (digits only) with its send-code button; it takes input once a code was sent. */
export function SmsCodeField({ label = 'verification_code', countdown, onSend, onValueChange, ...field }: SmsCodeFieldProps) {
  return (
    <TextField
      inputMode="numeric"
      autoComplete="one-time-code"
      {...field}
      label={label}
      maxLength={SMS_CODE_MAX}
      disabled={!countdown.sent}
      onValueChange={(value) => onValueChange(digitsOnly(value, SMS_CODE_MAX))}
      addon={<SendCodeButton countdown={countdown} onSend={onSend} />}
    />
  );
}

export interface MobileNumberFieldProps extends Omit<TextFieldProps, 'label' | 'type' | 'prefix' | 'maxLength'> {
  /** i18n key of the label; 'mobile_number' unless told. */
  label?: string;
  /** The chosen country dialing code. */
  dialCode: string;
  /** The site's dialing code, offered besides the chosen one (a remembered login may hold another). */
  defaultDialCode: string;
  /** The other dialing codes the site accepts, offered after the default. */
  dialCodes?: readonly string[];
  onDialCodeChange(code: string): void;
}

/** A mobile number after a select of its country dialing code; input beyond the longest number is cut. */
export function MobileNumberField({ label = 'mobile_number', dialCode, defaultDialCode, dialCodes = [], onDialCodeChange, onValueChange, ...field }: MobileNumberFieldProps) {
  const { t } = useTranslation();
  const select = (
    <select className="form-field__select" aria-label={t('country_code')} value={dialCode} onChange={(e) => onDialCodeChange(e.target.value)}>
      {[...new Set([defaultDialCode, ...dialCodes, dialCode])].map((code) => (
        <option key={code} value={code}>
          {code}
        </option>
      ))}
    </select>
  );
  return (
    <TextField
      inputMode="numeric"
      autoComplete="tel-national"
      {...field}
      label={label}
      type="tel"
      maxLength={MOBILE_INPUT_MAX}
      onValueChange={(value) => onValueChange(clampMobileInput(value))}
      prefix={select}
    />
  );
}

/** One tab of a form's mode switch: its value and its label's i18n key. */
export interface FormTab<T extends string> {
  value: T;
  label: TranslationKey;
}

/** The ids tying a form's mode tabs to the panel they switch. */
export interface FormTabsState<T extends string> {
  /** Whether the tab strip shows (the form offers more than one mode). */
  shown: boolean;
  selected: T;
  tabId(tab: T): string;
  /** Props of the element the tabs switch: a tabpanel labelled by the selected tab while the strip shows. */
  panel: { id: string; role: 'tabpanel' | undefined; 'aria-labelledby': string | undefined };
}

/** Ids for `FormTabs` and its panel: `<name>-tab-<value>` and `<name>-panel`, unique per form. */
export function useFormTabs<T extends string>(name: string, selected: T, shown: boolean): FormTabsState<T> {
  const ids = useId();
  const tabId = (tab: T) => `${name}-tab-${tab}${ids}`;
  return {
    shown,
    selected,
    tabId,
    panel: { id: `${name}-panel${ids}`, role: shown ? 'tabpanel' : undefined, 'aria-labelledby': shown ? tabId(selected) : undefined },
  };
}

export interface FormTabsProps<T extends string> {
  state: FormTabsState<T>;
  /** The modes, in order. */
  tabs: readonly FormTab<T>[];
  onSelect(tab: NoInfer<T>): void;
}

/** A form's mode switch (username or mobile, phone or e-mail): a tablist, or nothing when only one mode is offered. */
export function FormTabs<T extends string>({ state, tabs, onSelect }: FormTabsProps<T>) {
  const { t } = useTranslation();
  if (!state.shown) return null;
  return (
    <div className="account-form__tabs" role="tablist">
      {tabs.map(({ value, label }) => (
        <button
          key={value}
          type="button"
          role="tab"
          id={state.tabId(value)}
          aria-selected={state.selected === value}
          aria-controls={state.panel.id}
          className="account-form__tab"
          onClick={() => onSelect(value)}
        >
          {t(label)}
        </button>
      ))}
    </div>
  );
}

/** A form-level message (a failed call that names no field). */
export function FormError({ error }: { error: Check | undefined }) {
  const text = useMessageText();
  return (
    <p className="form-error" role="alert">
      {error ? text(error) : null}
    </p>
  );
}

/** Brand names are proper nouns: the same in every language, so not translation keys. */
const SOCIAL_NAMES = { facebook: 'Facebook', google: 'Google', telegram: 'Telegram' } as const;

export interface SocialLoginProps {
  flags: WhiteLabelFlags;
  settings: Pick<TenantSettings, 'socialLogin'>;
}

/**
 * Social login (spec section 2): shown only when the tenant's social login is on; a social-network
 * button (FACEBOOKLOGIN3), an account-provider button (GOOGLELOGIN3) and a messaging-app button
 * (only with a telegram bot name). The platform API has no social-login call yet, so a tap says
 * the feature is unavailable.
 */
export function SocialLogin({ flags, settings }: SocialLoginProps) {
  const { t } = useTranslation();
  const headingId = useId();
  if (!settings.socialLogin.enabled) return null;
  const providers = [
    flags.FACEBOOKLOGIN3 ? 'facebook' : null,
    flags.GOOGLELOGIN3 ? 'google' : null,
    settings.socialLogin.telegram ? 'telegram' : null,
  ].filter((p): p is keyof typeof SOCIAL_NAMES => p !== null);
  if (providers.length === 0) return null;
  return (
    <section className="social-login" aria-labelledby={headingId}>
      <h2 className="social-login__title" id={headingId}>
        {t('or_login_with')}
      </h2>
      <ul className="social-login__list">
        {providers.map((p) => (
          <li key={p}>
            <button
              type="button"
              className={`social-login__button social-login__button--${p}`}
              data-provider={p}
              onClick={() => void showToast('no_permission', TOAST_SHORT_MS)}
            >
              {SOCIAL_NAMES[p]}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
