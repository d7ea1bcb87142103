import './styles.css';
import { useContext, useState } from 'react';
import { useTranslation } from '../../src/lib/i18n';
import { useNavigate } from 'react-router-dom';
import type { SetPasswordSmsFormProps } from '../../src/generated/widgets/set-password-sms-form';
import { login, startSession } from '../../src/features/account';
import { ApiFailure } from '../../src/lib/api/client';
import { setPasswordByPhone } from '../../src/features/account';
import { sendSmsCode } from '../../src/features/account';
import { hideLoading, showLoading, showToast } from '../../src/lib/feedback';
import { FormError, PasswordField, SubmitButton, useFieldForm, useLanguageRevalidation, type Values } from '../../src/components/form';
import { AccountFormHostContext, MobileNumberField, SmsCodeField, failureMessage, useAccountContext } from '../../src/features/account';
import { useSmsCountdown } from '../../src/features/account';
import { checkField, checkSmsCode, type Check, type Invalid, type RuleSet } from '../../src/features/account';
import type { WidgetComponentProps } from '../../src/lib/widget';

/** A host (e.g. a dialog over the game list) may pass a callback besides the JSON props. */
export interface SetPasswordSmsFormHostProps {
  onDone?: () => void;
}

/** The spec's form field names. */
type Field = 'mobileNum' | 'verificationCode' | 'password';
const FIELDS: readonly Field[] = ['mobileNum', 'verificationCode', 'password'];

const PASSWORD_SET_TOAST_MS = 1000;

function validator(rules: RuleSet) {
  return (field: Field, v: Values<Field>): Check => {
    switch (field) {
      case 'mobileNum':
        return checkField(rules, 'mobileNum', v.mobileNum, { required: true });
      case 'verificationCode':
        return checkSmsCode(rules, v.verificationCode);
      case 'password':
        return checkField(rules, 'password', v.password, { required: true });
    }
  };
}

function SetPasswordSmsForm({ redirectTo, onDone: onDoneProp }: WidgetComponentProps<SetPasswordSmsFormProps & SetPasswordSmsFormHostProps>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const host = useContext(AccountFormHostContext);
  const onDone = onDoneProp ?? host.onDone;
  const account = useAccountContext();
  const [dialCode, setDialCode] = useState(account.countryDialingCode);
  const [formError, setFormError] = useState<Invalid | null>(null);
  // Touched: typed into or left. Submit waits until every field is, and none has an error.
  const [changed, setChanged] = useState<Partial<Record<Field, boolean>>>({});
  const countdown = useSmsCountdown();
  const validate = validator(account.rules);
  const form = useFieldForm<Field>(() => ({ mobileNum: '', verificationCode: '', password: '' }), validate);
  useLanguageRevalidation(form.revalidateFilled);

  const change = (field: Field, value: string) => {
    setChanged((c) => (c[field] ? c : { ...c, [field]: true }));
    form.setValue(field, value);
  };
  const allTouched = FIELDS.every((f) => changed[f] || form.touched[f]);
  const anyError = FIELDS.some((f) => validate(f, form.values) !== null);
  const blocked = !allTouched || anyError;

  const sendCode = () => {
    if (form.checkAll(['mobileNum'])) return;
    void countdown.send(() => sendSmsCode(form.values.mobileNum, dialCode));
  };

  const submit = () => {
    if (blocked) return;
    setFormError(null);
    if (form.checkAll(FIELDS)) return;
    return setPassword(form.values);
  };

  const setPassword = async ({ mobileNum, verificationCode, password }: Values<Field>) => {
    showLoading();
    try {
      await setPasswordByPhone({ mobileNum, verificationCode, newPassword: password, countryDialingCode: dialCode });
    } catch (err) {
      hideLoading();
      // Spec section 8: "same as the old one" clears the password, any other failure the SMS code.
      const field: Field = err instanceof ApiFailure && err.errorCode === 'modify.new.old.same' ? 'password' : 'verificationCode';
      form.replaceValues({ [field]: '' });
      setChanged((c) => ({ ...c, [field]: false }));
      form.setError(field, failureMessage(err));
      form.focus(field);
      return;
    }
    try {
      // Logged in automatically with the mobile number and the new password.
      const session = await login({ type: 'username', username: mobileNum, password });
      hideLoading();
      startSession(session, account.merchantCode, password);
      void showToast('change_saved', PASSWORD_SET_TOAST_MS);
      if (onDone) onDone();
      else if (redirectTo) void navigate(redirectTo, { replace: true });
    } catch (err) {
      hideLoading();
      setFormError(failureMessage(err));
    }
  };

  return (
    <div className="account-form set-password-sms-form">
      <form method="post" className="account-form__body" noValidate>
        <MobileNumberField
          {...form.bind('mobileNum')}
          onValueChange={(value) => change('mobileNum', value)}
          dialCode={dialCode}
          defaultDialCode={account.countryDialingCode}
          dialCodes={account.dialingCodes}
          onDialCodeChange={setDialCode}
          required
        />
        <SmsCodeField
          {...form.bind('verificationCode')}
          onValueChange={(value) => change('verificationCode', value)}
          countdown={countdown}
          onSend={sendCode}
          required
        />
        <PasswordField
          {...form.bind('password')}
          onValueChange={(value) => change('password', value)}
          label="new_password"
          autoComplete="new-password"
          required
        />
        <FormError error={formError} />
        <SubmitButton className="account-form__submit" onSubmit={submit} disabled={blocked}>
          {t('submit')}
        </SubmitButton>
      </form>
    </div>
  );
}

export default SetPasswordSmsForm;
