import './styles.css';
import { useState } from 'react';
import type { PaymentPasswordProps } from '../../src/generated/widgets/payment-password';
import { FormError, PasswordField, SubmitButton } from '../../src/components/form';
import { SmsCodeField, checkChangeConfirm, checkField, checkSmsCode, digitsOnly, failureField, useAccountContext, useMemberInfo, useSmsCountdown, type RuleSet } from '../../src/features/account';
import {
  changePaymentPassword,
  securityFailure,
  resetPaymentPassword,
  sendPaymentPasswordCode,
  setPaymentPassword,
  usePaymentPasswordSet,
  type SecurityMessage,
} from '../../src/features/security';
import { ApiFailure } from '../../src/lib/api/client';
import { showToast } from '../../src/lib/feedback';
import { useTranslation } from '../../src/lib/i18n';
import { useMemberScope, useRuntimeActions, useRuntimeState } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';

const SAVED_TOAST_MS = 1500;
/** The input's bound when the rule set gives none (the API's paymentPassword maxLength). */
const INPUT_MAX = 32;

type Mode = 'set' | 'change' | 'reset';
type Field = 'oldPassword' | 'newPassword' | 'confirmPassword' | 'verificationCode';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, SecurityMessage | null>>;

const EMPTY: Values = { oldPassword: '', newPassword: '', confirmPassword: '', verificationCode: '' };
const FIELDS: Record<Mode, readonly Field[]> = {
  set: ['newPassword', 'confirmPassword'],
  change: ['oldPassword', 'newPassword', 'confirmPassword'],
  reset: ['verificationCode', 'newPassword', 'confirmPassword'],
};

/** The client's checks: the paymentPassword rule, the confirmation, a new password unlike the old. */
export function checkPaymentPasswordField(rules: RuleSet, mode: Mode, field: Field, v: Values): SecurityMessage | null {
  switch (field) {
    case 'oldPassword':
      return checkField(rules, 'paymentPassword', v.oldPassword, { required: true });
    case 'newPassword': {
      const problem = checkField(rules, 'paymentPassword', v.newPassword, { required: true });
      if (problem) return problem;
      return mode === 'change' && v.newPassword === v.oldPassword ? { key: 'new_old_password_same' } : null;
    }
    case 'confirmPassword':
      return checkChangeConfirm(v.newPassword, v.confirmPassword);
    case 'verificationCode':
      return checkSmsCode(rules, v.verificationCode);
  }
}

/** Which field a refusal belongs to (the server's field pointer, else by its errorCode). */
function refusedField(mode: Mode, error: unknown): Field | null {
  const code = error instanceof ApiFailure ? error.errorCode : '';
  if (code === 'sms.code.invalid') return 'verificationCode';
  if (code === 'modify.new.old.same') return 'newPassword';
  if (code === 'payment.password.incorrect') return mode === 'change' ? 'oldPassword' : null;
  const named = failureField(error);
  if (named === 'oldPaymentPassword') return 'oldPassword';
  if (named === 'newPaymentPassword' || named === 'paymentPassword') return 'newPassword';
  if (named === 'confirmPaymentPassword') return 'confirmPassword';
  if (named === 'verificationCode') return 'verificationCode';
  return null;
}

const LABELS: Record<Field, string> = {
  oldPassword: 'payment_password_old',
  newPassword: 'payment_password_new',
  confirmPassword: 'payment_password_confirm',
  verificationCode: 'verification_code',
};

interface FormProps {
  mode: Mode;
  mobile: string | null | undefined;
  onSaved(): void;
  /** Reads again whether a payment password is set. */
  onStale(): void;
}

function PaymentPasswordForm({ mode, mobile, onSaved, onStale }: FormProps) {
  const { t } = useTranslation();
  const { rules } = useAccountContext();
  const countdown = useSmsCountdown();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<SecurityMessage | null>(null);
  const fields = FIELDS[mode];
  const max = rules.paymentPassword?.max ?? INPUT_MAX;

  const change = (field: Field, raw: string) => {
    const value = field === 'verificationCode' ? raw : digitsOnly(raw, max);
    const next = { ...values, [field]: value };
    setValues(next);
    setFormError(null);
    // A field showing an error is checked again as it is typed (and the confirmation with its password).
    const update: Errors = {};
    for (const f of fields) if (errors[f] && (f === field || f === 'confirmPassword')) update[f] = checkPaymentPasswordField(rules, mode, f, next);
    if (Object.keys(update).length) setErrors((e) => ({ ...e, ...update }));
  };

  const blur = (field: Field) => {
    if (values[field] !== '') setErrors((e) => ({ ...e, [field]: checkPaymentPasswordField(rules, mode, field, values) }));
  };

  const sendCode = () => {
    setFormError(null);
    void countdown.send(() =>
      sendPaymentPasswordCode().catch((err: unknown) => {
        // The hook only hides the loading indicator: the reason (no number, too soon) is shown here.
        setFormError(securityFailure(err));
        throw err;
      }),
    );
  };

  const submit = async () => {
    setFormError(null);
    const found: Errors = {};
    for (const f of fields) found[f] = checkPaymentPasswordField(rules, mode, f, values);
    setErrors(found);
    if (fields.some((f) => found[f])) return;
    try {
      if (mode === 'set') await setPaymentPassword({ paymentPassword: values.newPassword, confirmPaymentPassword: values.confirmPassword });
      else if (mode === 'change') {
        await changePaymentPassword({ oldPaymentPassword: values.oldPassword, newPaymentPassword: values.newPassword, confirmPaymentPassword: values.confirmPassword });
      } else {
        await resetPaymentPassword({ verificationCode: values.verificationCode, newPaymentPassword: values.newPassword, confirmPaymentPassword: values.confirmPassword });
      }
    } catch (err) {
      const message = securityFailure(err);
      const field = refusedField(mode, err);
      if (field) {
        setValues((v) => ({ ...v, [field]: '' }));
        setErrors((e) => ({ ...e, [field]: message }));
      } else setFormError(message);
      // The member has one after all (set elsewhere): the form switches to change / reset.
      if (err instanceof ApiFailure && (err.errorCode === 'payment.password.exists' || err.errorCode === 'payment.password.unset')) onStale();
      return;
    }
    setValues(EMPTY);
    setErrors({});
    countdown.reset();
    void showToast('payment_password_saved', SAVED_TOAST_MS);
    onSaved();
  };

  const field = (name: Field) => ({
    value: values[name],
    onValueChange: (value: string) => change(name, value),
    onBlur: () => blur(name),
    error: errors[name] ?? undefined,
    name,
    required: true,
  });

  return (
    <form method="post" className="account-form__body payment-password__form" data-mode={mode} noValidate>
      {mode === 'reset' ? (
        <>
          <p className="payment-password__note" data-testid="reset-mobile">
            {mobile ? t('payment_password_code_to', { mobile }) : t('err_mobile_missing')}
          </p>
          <SmsCodeField {...field('verificationCode')} countdown={countdown} onSend={sendCode} />
        </>
      ) : null}
      {mode === 'change' ? <PasswordField {...field('oldPassword')} label={LABELS.oldPassword} inputMode="numeric" autoComplete="off" /> : null}
      <PasswordField {...field('newPassword')} label={LABELS.newPassword} inputMode="numeric" autoComplete="new-password" />
      <PasswordField {...field('confirmPassword')} label={LABELS.confirmPassword} inputMode="numeric" autoComplete="new-password" />
      <FormError error={formError ?? undefined} />
      <SubmitButton className="account-form__submit" onSubmit={submit}>
        {t('submit')}
      </SubmitButton>
    </form>
  );
}

function PaymentPassword({ reset = true }: WidgetComponentProps<PaymentPasswordProps>) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const scope = useMemberScope();
  const signedIn = useRuntimeState((state) => state.session !== null);
  const { requireLogin } = useRuntimeActions();
  const live = hydrated && signedIn ? scope : null;
  const isSet = usePaymentPasswordSet(live);
  const info = useMemberInfo(live);
  const [chosen, setChosen] = useState<'change' | 'reset'>('change');

  if (!hydrated) return <div className="payment-password payment-password--loading" aria-busy="true" />;
  if (!signedIn) {
    return (
      <div className="payment-password payment-password--visitor">
        <p>{t('security_login_first')}</p>
        <button type="button" className="button button--primary" onClick={requireLogin}>
          {t('login_or_register')}
        </button>
      </div>
    );
  }
  if (isSet.data === undefined) {
    if (!isSet.error) return <div className="payment-password payment-password--loading" aria-busy="true" />;
    return (
      <div className="payment-password payment-password--failed">
        <FormError error={securityFailure(isSet.error)} />
        <button type="button" className="button button--secondary" onClick={() => void isSet.mutate()}>
          {t('retry')}
        </button>
      </div>
    );
  }

  const mode: Mode = !isSet.data ? 'set' : reset ? chosen : 'change';
  const saved = () => {
    setChosen('change');
    void isSet.mutate();
  };
  return (
    <div className="account-form payment-password" data-state={isSet.data ? 'set' : 'unset'}>
      <p className="payment-password__intro">{t(isSet.data ? 'payment_password_is_set' : 'payment_password_not_set_intro')}</p>
      {isSet.data && reset ? (
        <div className="payment-password__modes" role="group" aria-label={t('payment_password')}>
          {(['change', 'reset'] as const).map((m) => (
            <button key={m} type="button" className="payment-password__mode" aria-pressed={mode === m} onClick={() => setChosen(m)}>
              {t(m === 'change' ? 'payment_password_change' : 'payment_password_reset_sms')}
            </button>
          ))}
        </div>
      ) : null}
      <PaymentPasswordForm key={mode} mode={mode} mobile={info.data?.mobileNum} onSaved={saved} onStale={() => void isSet.mutate()} />
    </div>
  );
}

export default PaymentPassword;
