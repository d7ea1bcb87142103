import './styles.css';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ForgotPasswordFormProps } from '../../src/generated/widgets/forgot-password-form';
import { login, startSession } from '../../src/lib/api/auth';
import { ApiFailure } from '../../src/lib/api/client';
import { forgotPasswordByEmail, setPasswordByPhone } from '../../src/lib/api/security';
import { sendResetPasswordSms } from '../../src/lib/api/verification';
import { hideLoading, showLoading, showToast } from '../../src/lib/feedback';
import {
  FormError,
  PasswordField,
  SendCodeButton,
  TextField,
  failureField,
  failureMessage,
  useAccountContext,
  useFieldForm,
  useLanguageRevalidation,
  type Values,
} from '../../src/lib/form-fields';
import { useSmsCountdown } from '../../src/lib/sms-countdown';
import {
  MOBILE_INPUT_MAX,
  SMS_CODE_MAX,
  checkEmail,
  checkField,
  checkSmsCode,
  clampMobileInput,
  digitsOnly,
  type Check,
  type Invalid,
  type RuleSet,
} from '../../src/lib/validation';
import type { WidgetComponentProps } from '../../src/lib/widget';

export type RecoveryMethod = 'phone' | 'email';

/** Spec section 9: the 'sent' message shows for 1 s, then the screen goes back. */
export const SENT_TOAST_MS = 1000;
export const PASSWORD_SET_TOAST_MS = 1000;

type EmailField = 'username' | 'email';
type PhoneField = 'mobileNum' | 'verificationCode' | 'newPassword';

function emailValidator(rules: RuleSet) {
  return (field: EmailField, v: Values<EmailField>): Check =>
    field === 'username' ? checkField(rules, 'loginUsername', v.username.trim(), { required: true }) : checkEmail(v.email);
}

function phoneValidator(rules: RuleSet) {
  return (field: PhoneField, v: Values<PhoneField>): Check => {
    switch (field) {
      case 'mobileNum':
        return checkField(rules, 'mobileNum', v.mobileNum, { required: true });
      case 'verificationCode':
        return checkSmsCode(rules, v.verificationCode);
      case 'newPassword':
        return checkField(rules, 'password', v.newPassword, { required: true });
    }
  };
}

function EmailRecovery({ onSent }: { onSent(): void }) {
  const { t } = useTranslation();
  const { rules } = useAccountContext();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<Invalid | null>(null);
  const form = useFieldForm<EmailField>(() => ({ username: '', email: '' }), emailValidator(rules));
  useLanguageRevalidation(form.revalidateFilled);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFormError(null);
    if (form.checkAll(['username', 'email'])) return;
    setBusy(true);
    showLoading();
    try {
      // Both are trimmed before sending (spec section 5).
      await forgotPasswordByEmail({ username: form.values.username.trim(), email: form.values.email.trim() });
      hideLoading();
      await showToast('in_been_out', SENT_TOAST_MS);
      onSent();
    } catch (err) {
      hideLoading();
      const field = failureField(err);
      if (field === 'username' || field === 'email') form.setError(field, failureMessage(err));
      else setFormError(failureMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="account-form__body forgot-password-form__email" noValidate onSubmit={(e) => void onSubmit(e)}>
      <TextField {...form.bind('username')} label="username" autoComplete="username" autoCapitalize="off" spellCheck={false} required />
      <TextField {...form.bind('email')} label="email" type="email" inputMode="email" autoComplete="email" required />
      <FormError error={formError} />
      <button type="submit" className="account-form__submit" disabled={busy}>
        {t('retrieve_password')}
      </button>
    </form>
  );
}

function PhoneRecovery({ onDone }: { onDone(loggedIn: boolean): void }) {
  const { t } = useTranslation();
  const account = useAccountContext();
  const { rules } = account;
  const [dialCode, setDialCode] = useState(account.countryDialingCode);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<Invalid | null>(null);
  const countdown = useSmsCountdown();
  const form = useFieldForm<PhoneField>(() => ({ mobileNum: '', verificationCode: '', newPassword: '' }), phoneValidator(rules));
  useLanguageRevalidation(form.revalidateFilled);

  const sendCode = () => {
    if (form.checkAll(['mobileNum'])) return;
    void countdown.send(() => sendResetPasswordSms(form.values.mobileNum, dialCode));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFormError(null);
    if (form.checkAll(['mobileNum', 'verificationCode', 'newPassword'])) return;
    const { mobileNum, verificationCode, newPassword } = form.values;
    setBusy(true);
    showLoading();
    try {
      const { userName } = await setPasswordByPhone({ mobileNum, verificationCode, newPassword, countryDialingCode: dialCode });
      hideLoading();
      void showToast('change_saved', PASSWORD_SET_TOAST_MS);
      // Every session of the member was revoked: log in with the new password.
      let loggedIn = false;
      try {
        startSession(await login({ type: 'username', username: userName, password: newPassword }), account.merchantCode, newPassword);
        loggedIn = true;
      } catch {
        // e.g. a captcha is demanded: the member logs in on the login screen.
      }
      onDone(loggedIn);
    } catch (err) {
      hideLoading();
      const code = err instanceof ApiFailure ? err.errorCode : '';
      if (code === 'modify.new.old.same') {
        form.replaceValues({ newPassword: '' });
        form.setError('newPassword', failureMessage(err));
        form.focus('newPassword');
      } else if (code === 'sms.code.invalid') {
        form.replaceValues({ verificationCode: '' });
        form.setError('verificationCode', failureMessage(err));
        form.focus('verificationCode');
      } else {
        const field = failureField(err);
        if (field === 'mobileNum' || field === 'verificationCode' || field === 'newPassword') form.setError(field, failureMessage(err));
        else setFormError(failureMessage(err));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="account-form__body forgot-password-form__phone" noValidate onSubmit={(e) => void onSubmit(e)}>
      <TextField
        {...form.bind('mobileNum')}
        onValueChange={(value) => form.setValue('mobileNum', clampMobileInput(value))}
        label="mobile_number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={MOBILE_INPUT_MAX}
        required
        prefix={
          <select className="form-field__select" aria-label={t('country_code')} value={dialCode} onChange={(e) => setDialCode(e.target.value)}>
            {[...new Set([account.countryDialingCode, dialCode])].map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        }
      />
      <TextField
        {...form.bind('verificationCode')}
        onValueChange={(value) => form.setValue('verificationCode', digitsOnly(value, SMS_CODE_MAX))}
        label="verification_code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={SMS_CODE_MAX}
        disabled={!countdown.sent}
        required
        addon={<SendCodeButton countdown={countdown} onSend={sendCode} />}
      />
      <PasswordField {...form.bind('newPassword')} label="new_password" autoComplete="new-password" required />
      <FormError error={formError} />
      <button type="submit" className="account-form__submit" disabled={busy}>
        {t('set_password')}
      </button>
    </form>
  );
}

function ForgotPasswordForm({ fallbackRoute = '/m/login', redirectTo = '/m/home' }: WidgetComponentProps<ForgotPasswordFormProps>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { flags } = useAccountContext();
  const ids = useId();
  const phoneOffered = flags.CHNGPASSVERIF3 === true;
  const [chosen, setChosen] = useState<RecoveryMethod>('phone');
  const method: RecoveryMethod = phoneOffered ? chosen : 'email';
  const panelId = `forgot-panel${ids}`;

  const goBack = () => {
    // With no history inside the app (a direct visit), going back would leave the site.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(fallbackRoute, { replace: true });
  };

  return (
    <div className="account-form forgot-password-form">
      {phoneOffered ? (
        <div className="account-form__tabs" role="tablist">
          {(['phone', 'email'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              id={`forgot-tab-${m}${ids}`}
              aria-selected={method === m}
              aria-controls={panelId}
              className="account-form__tab"
              onClick={() => setChosen(m)}
            >
              {t(m === 'phone' ? 'by_phone' : 'by_email')}
            </button>
          ))}
        </div>
      ) : null}
      <div id={panelId} role={phoneOffered ? 'tabpanel' : undefined} aria-labelledby={phoneOffered ? `forgot-tab-${method}${ids}` : undefined}>
        {method === 'phone' ? (
          <PhoneRecovery onDone={(loggedIn) => void navigate(loggedIn ? redirectTo : fallbackRoute, { replace: true })} />
        ) : (
          <EmailRecovery onSent={goBack} />
        )}
      </div>
    </div>
  );
}

export default ForgotPasswordForm;
