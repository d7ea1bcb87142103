import './styles.css';
import { useState } from 'react';
import { useTranslation } from '../../src/lib/i18n';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ForgotPasswordFormProps } from '../../src/generated/widgets/forgot-password-form';
import { login, startSession } from '../../src/features/account';
import { ApiFailure } from '../../src/lib/api/client';
import { forgotPasswordByEmail, setPasswordByPhone } from '../../src/features/account';
import { sendResetPasswordSms } from '../../src/features/account';
import { hideLoading, showLoading, showToast } from '../../src/lib/feedback';
import {
  FormError,
  FormTabs,
  PasswordField,
  SubmitButton,
  TextField,
  useFieldForm,
  useFormTabs,
  useLanguageRevalidation,
  type FormTab,
  type Values,
} from '../../src/components/form';
import { MobileNumberField, SmsCodeField, failureField, failureMessage, useAccountContext } from '../../src/features/account';
import { useSmsCountdown } from '../../src/features/account';
import { checkEmail, checkField, checkSmsCode, type Check, type Invalid, type RuleSet } from '../../src/features/account';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { href } from '../../src/lib/routes';

type RecoveryMethod = 'phone' | 'email';

const METHOD_TABS: readonly FormTab<RecoveryMethod>[] = [
  { value: 'phone', label: 'by_phone' },
  { value: 'email', label: 'by_email' },
];

/** Spec section 9: the 'sent' message shows for 1 s, then the screen goes back. */
const SENT_TOAST_MS = 1000;
const PASSWORD_SET_TOAST_MS = 1000;

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
  const [formError, setFormError] = useState<Invalid | null>(null);
  const form = useFieldForm<EmailField>(() => ({ username: '', email: '' }), emailValidator(rules));
  useLanguageRevalidation(form.revalidateFilled);

  const submit = () => {
    setFormError(null);
    if (form.checkAll(['username', 'email'])) return;
    return send();
  };

  const send = async () => {
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
    }
  };

  return (
    <form method="post" className="account-form__body forgot-password-form__email" noValidate>
      <TextField {...form.bind('username')} label="username" autoComplete="username" autoCapitalize="off" spellCheck={false} required />
      <TextField {...form.bind('email')} label="email" type="email" inputMode="email" autoComplete="email" required />
      <FormError error={formError} />
      <SubmitButton className="account-form__submit" onSubmit={submit}>
        {t('retrieve_password')}
      </SubmitButton>
    </form>
  );
}

function PhoneRecovery({ onDone }: { onDone(loggedIn: boolean): void }) {
  const { t } = useTranslation();
  const account = useAccountContext();
  const { rules } = account;
  const [dialCode, setDialCode] = useState(account.countryDialingCode);
  const [formError, setFormError] = useState<Invalid | null>(null);
  const countdown = useSmsCountdown();
  const form = useFieldForm<PhoneField>(() => ({ mobileNum: '', verificationCode: '', newPassword: '' }), phoneValidator(rules));
  useLanguageRevalidation(form.revalidateFilled);

  const sendCode = () => {
    if (form.checkAll(['mobileNum'])) return;
    void countdown.send(() => sendResetPasswordSms(form.values.mobileNum, dialCode));
  };

  const submit = () => {
    setFormError(null);
    if (form.checkAll(['mobileNum', 'verificationCode', 'newPassword'])) return;
    return setPassword(form.values);
  };

  const setPassword = async ({ mobileNum, verificationCode, newPassword }: Values<PhoneField>) => {
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
    }
  };

  return (
    <form method="post" className="account-form__body forgot-password-form__phone" noValidate>
      <MobileNumberField
        {...form.bind('mobileNum')}
        dialCode={dialCode}
        defaultDialCode={account.countryDialingCode}
        dialCodes={account.dialingCodes}
        onDialCodeChange={setDialCode}
        required
      />
      <SmsCodeField {...form.bind('verificationCode')} countdown={countdown} onSend={sendCode} required />
      <PasswordField {...form.bind('newPassword')} label="new_password" autoComplete="new-password" required />
      <FormError error={formError} />
      <SubmitButton className="account-form__submit" onSubmit={submit}>
        {t('set_password')}
      </SubmitButton>
    </form>
  );
}

function ForgotPasswordForm({ fallbackRoute = href('login'), redirectTo = href('home') }: WidgetComponentProps<ForgotPasswordFormProps>) {
  const navigate = useNavigate();
  const location = useLocation();
  const { flags } = useAccountContext();
  const phoneOffered = flags.CHNGPASSVERIF3 === true;
  const [chosen, setChosen] = useState<RecoveryMethod>('phone');
  const method: RecoveryMethod = phoneOffered ? chosen : 'email';
  const tabs = useFormTabs('forgot', method, phoneOffered);

  const goBack = () => {
    // With no history inside the app (a direct visit), going back would leave the site.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(fallbackRoute, { replace: true });
  };

  return (
    <div className="account-form forgot-password-form">
      <FormTabs state={tabs} tabs={METHOD_TABS} onSelect={setChosen} />
      <div {...tabs.panel}>
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
