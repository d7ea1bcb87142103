import './styles.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../src/lib/i18n';
import { Navigate, useNavigate } from 'react-router-dom';
import type { ChangePasswordFormProps } from '../../src/generated/widgets/change-password-form';
import { ApiFailure } from '../../src/lib/api/client';
import { changePassword, useMemberInfo } from '../../src/features/account';
import { LOADING_TIMEOUT_MS, confirmDialog, hideLoading, showLoading, showToast } from '../../src/lib/feedback';
import { FormError, PasswordField, SubmitButton, TextField, useFieldForm, useLanguageRevalidation, type Values } from '../../src/components/form';
import { failureField, failureMessage, useAccountContext } from '../../src/features/account';
import { refreshRememberedPassword } from '../../src/features/account';
import { HELD_PASSWORD_KEY, passwordChanged } from '../../src/lib/session';
import { readItem, removeItem, writeItem } from '../../src/lib/storage';
import { checkChangeConfirm, checkField, newDiffersFromOld, type Check, type Invalid, type RuleSet } from '../../src/features/account';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { href } from '../../src/lib/routes';
import { useMemberScope } from '../../src/lib/runtime';

/** Spec section 9: loading 10 s, 'Change saved' 1 s, then home after 1 s. */
const CHANGE_LOADING_MS = LOADING_TIMEOUT_MS;
const CHANGE_SAVED_MS = 1000;
const REDIRECT_AFTER_MS = 1000;

/** The spec's form field names. */
type Field = 'old_password' | 'password' | 'confimpsw';

const SERVER_FIELDS: Record<string, Field> = {
  oldPassword: 'old_password',
  newPassword: 'password',
  confirmNewPassword: 'confimpsw',
};

function validator(rules: RuleSet, askOld: boolean) {
  return (field: Field, v: Values<Field>): Check => {
    switch (field) {
      case 'old_password':
        return askOld ? checkField(rules, 'loginPassword', v.old_password, { required: true }) : null;
      case 'password':
        return checkField(rules, 'password', v.password, { required: true });
      case 'confimpsw':
        return checkChangeConfirm(v.password, v.confimpsw);
    }
  };
}

function ChangePasswordForm({ redirectTo = href('home') }: WidgetComponentProps<ChangePasswordFormProps>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session, rules } = useAccountContext();
  // The password held since login (or registration) in this tab: then the old one is not asked.
  const [held, setHeld] = useState(() => readItem(HELD_PASSWORD_KEY, 'session'));
  // A member who never set a password (registered by SMS) has no old one: this sets a first one.
  const member = useMemberInfo(useMemberScope());
  // The server said a password exists after all (set meanwhile elsewhere): ask for it.
  const [oldRequired, setOldRequired] = useState(false);
  const firstPassword = member.data?.passwordSet === false && !oldRequired;
  const askOld = !held && !firstPassword;
  const [formError, setFormError] = useState<Invalid | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const form = useFieldForm<Field>(() => ({ old_password: '', password: '', confimpsw: '' }), validator(rules, askOld));
  useLanguageRevalidation(form.revalidateFilled);

  useEffect(() => () => clearTimeout(redirect.current), []);

  if (!session) return <Navigate to={redirectTo} replace />;

  const submit = () => {
    setFormError(null);
    const fields: Field[] = askOld ? ['old_password', 'password', 'confimpsw'] : ['password', 'confimpsw'];
    if (form.checkAll(fields)) return;
    const newPassword = form.values.password;
    if (firstPassword && !held) return change(undefined, newPassword);
    const oldPassword = held ?? form.values.old_password;
    if (!newDiffersFromOld(oldPassword, newPassword)) {
      void confirmDialog({ messageKey: 'new_old_password_same', confirmKey: 'ok' }).then(() => form.focus('password'));
      return;
    }
    return change(oldPassword, newPassword);
  };

  /** Sends the change; without an old password it sets the member's first one (the server checks it has none). */
  const change = async (oldPassword: string | undefined, newPassword: string) => {
    showLoading('in_please_wait', CHANGE_LOADING_MS);
    try {
      await changePassword({ ...(oldPassword === undefined ? {} : { oldPassword }), newPassword, confirmNewPassword: form.values.confimpsw });
      hideLoading();
      // The member now has a password (the security centre and the game list read it).
      if (oldPassword === undefined) void member.mutate();
      void showToast('change_saved', CHANGE_SAVED_MS);
      // Spec section 4: update the held password, remove the PSW entry, refresh the remembered password.
      removeItem(HELD_PASSWORD_KEY, 'session');
      writeItem(HELD_PASSWORD_KEY, newPassword, 'session');
      passwordChanged();
      setHeld(newPassword);
      refreshRememberedPassword(session.userName, newPassword);
      // Busy until the screen is left: the change must not be sent twice.
      await new Promise<void>((resolve) => {
        redirect.current = setTimeout(resolve, REDIRECT_AFTER_MS);
      });
      void navigate(redirectTo, { replace: true });
    } catch (err) {
      hideLoading();
      const named = failureField(err);
      let field = named ? SERVER_FIELDS[named] : undefined;
      if (err instanceof ApiFailure && err.errorCode === 'modify.new.old.same') field = 'password';
      if (field === 'old_password' && !askOld) {
        // The held password is out of date (changed elsewhere), or a first password was set
        // meanwhile: ask for the old one.
        removeItem(HELD_PASSWORD_KEY, 'session');
        setHeld(null);
        setOldRequired(true);
        if (firstPassword) void member.mutate();
      }
      if (field) {
        form.setError(field, failureMessage(err));
        form.focus(field);
      } else setFormError(failureMessage(err));
    }
  };

  return (
    <div className="account-form change-password-form">
      <form method="post" className="account-form__body" noValidate>
        {firstPassword && !held ? (
          <p className="change-password-form__intro" data-testid="first-password">
            {t('first_password_intro')}
          </p>
        ) : null}
        <TextField label="username" name="username" value={session.userName} onValueChange={() => undefined} readOnly autoComplete="username" />
        {askOld ? <PasswordField {...form.bind('old_password')} label="old_password" autoComplete="current-password" required /> : null}
        <PasswordField
          {...form.bind('password')}
          onValueChange={(value) => form.setValue('password', value, ['confimpsw'])}
          label="new_password"
          autoComplete="new-password"
          required
        />
        <PasswordField {...form.bind('confimpsw')} label="confirm_password" autoComplete="new-password" required />
        <FormError error={formError} />
        <SubmitButton className="account-form__submit" onSubmit={submit}>
          {t('confirm')}
        </SubmitButton>
      </form>
    </div>
  );
}

export default ChangePasswordForm;
