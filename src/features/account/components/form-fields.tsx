/**
 * The account pieces of the account form widgets (login, register, forgot password, change
 * password, set password by SMS). Widgets never import each other, so what they share lives here:
 * the runtime context every form reads, the messages of failed account calls, the mobile number
 * with its dialing code, the SMS code with its send-code button, the captcha image and the
 * social-login block. The generic parts (fields, tabs, form error, submit button) are in
 * src/components/form.
 */
import { TextField, type TextFieldProps } from '../../../components/form';
// After the generic field's stylesheet: the send-code and captcha rules refine its addon.
import './form-fields.css';
import { createContext, useId, useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { SocialProvider, ValidationRules } from '../../../generated/api/system';
import type { TenantSettings, WhiteLabelFlags } from '../../../generated/tenant';
import { ApiFailure } from '../../../lib/api/client';
import { captchaImageSrc, type CaptchaState } from '../api/captcha';
import { useValidationRules } from '../api/registration';
import { showToast, TOAST_SHORT_MS } from '../../../lib/feedback';
import { effectiveSettings, useRuntime } from '../../../lib/runtime';
import type { SmsCountdown } from '../sms-countdown';
import { CAPTCHA_LENGTH, MOBILE_INPUT_MAX, SMS_CODE_MAX, clampMobileInput, digitsOnly, type Invalid, type RuleSet } from '../validation';

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
    /** The social sign-in providers the deployment configures (none unless the startup settings list some). */
    socialProviders: Array.isArray(info.socialLogin) ? (info.socialLogin as SocialProvider[]) : [],
    rules,
  };
}

/** The message of a failed call: the field rule's key for a validation failure, else the error's key. */
export function failureMessage(error: unknown): Invalid {
  if (error instanceof ApiFailure) {
    const value = error.value as { messageKey?: unknown; params?: unknown } | undefined;
    const fieldKey = value?.messageKey;
    // A refusal with parameters for its text (member.excluded: { date }).
    const params = value?.params && typeof value.params === 'object' ? (value.params as Record<string, string | number>) : undefined;
    return { key: typeof fieldKey === 'string' ? fieldKey : error.messageKey, ...(params ? { params } : {}) };
  }
  return { key: 'unknown_error' };
}

/** The form field a failed call names ("/username" -> "username"), if any. */
export function failureField(error: unknown): string | undefined {
  if (!(error instanceof ApiFailure)) return undefined;
  const pointer = error.field;
  return pointer ? pointer.replace(/^\//, '').split('/')[0] : undefined;
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
function SendCodeButton({ countdown, onSend, disabled }: { countdown: SmsCountdown; onSend(): void; disabled?: boolean }) {
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

/** Brand names are proper nouns: the same in every language, so not translation keys. */
const SOCIAL_NAMES: Readonly<Record<SocialProvider, string>> = { facebook: 'Facebook', google: 'Google', telegram: 'Telegram' };

export interface SocialLoginProps {
  flags: WhiteLabelFlags;
  settings: Pick<TenantSettings, 'socialLogin'>;
  /** The providers the deployment configures (startup settings `info.socialLogin`). */
  configured: readonly SocialProvider[];
}

/** The social providers a site shows: configured by the deployment and switched on by the tenant, in the spec's order. */
function offeredSocialProviders({ flags, settings, configured }: SocialLoginProps): SocialProvider[] {
  if (!settings.socialLogin.enabled) return [];
  const tenantOn: Record<SocialProvider, boolean> = {
    facebook: Boolean(flags.FACEBOOKLOGIN3),
    google: Boolean(flags.GOOGLELOGIN3),
    telegram: Boolean(settings.socialLogin.telegram),
  };
  return (['facebook', 'google', 'telegram'] as const).filter((p) => tenantOn[p] && configured.includes(p));
}

/**
 * Social login (spec section 2): a social-network button (FACEBOOKLOGIN3), an account-provider
 * button (GOOGLELOGIN3) and a messaging-app button (only with a telegram bot name), each only when
 * the deployment configures that provider (SOCIAL_LOGIN_PROVIDERS) and the tenant's social login
 * is on; with none of them, no block at all. The platform has no social sign-in flow yet, so a
 * configured provider's tap says the service is unavailable (README, SOCIAL_LOGIN_PROVIDERS).
 */
export function SocialLogin(props: SocialLoginProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const providers = offeredSocialProviders(props);
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
