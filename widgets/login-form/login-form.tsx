import './styles.css';
import { useContext, useLayoutEffect, useState } from 'react';
import { useTranslation } from '../../src/lib/i18n';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { LoginFormProps } from '../../src/generated/widgets/login-form';
import { demandsCaptcha, login, startSession, useStartTrial, type LoginPayload } from '../../src/features/account';
import { useCaptcha } from '../../src/features/account';
import { ApiFailure } from '../../src/lib/api/client';
import { sendSmsCode } from '../../src/features/account';
import { hideLoading, showLoading } from '../../src/lib/feedback';
import {
  FormError,
  FormTabs,
  PasswordField,
  SubmitButton,
  TextField,
  useFieldForm,
  useFormTabs,
  useLanguageRevalidation,
  usePending,
  type FormTab,
  type Values,
} from '../../src/components/form';
import {
  AccountFormHostContext,
  CaptchaField,
  MobileNumberField,
  SmsCodeField,
  SocialLogin,
  failureField,
  failureMessage,
  useAccountContext,
} from '../../src/features/account';
import {
  REMEMBER_PASSWORD_DEFAULT,
  clearRememberedLogin,
  readRememberedLogin,
  writeRememberedLogin,
  type LoginMode,
} from '../../src/features/account';
import { useSmsCountdown } from '../../src/features/account';
import { checkCaptcha, checkField, checkSmsCode, type Check, type Invalid, type RuleSet } from '../../src/features/account';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { href } from '../../src/lib/routes';

/**
 * What a host that shows the form in a dialog (the member centre) may pass besides the JSON props;
 * the same callback may come from an AccountFormHostContext provider around the slot.
 */
export interface LoginFormHostProps {
  /** Called after a login instead of navigating (the dialog closes). */
  onDone?: () => void;
}

type Field = 'username' | 'password' | 'mobile' | 'smsCode' | 'captcha';

const FIELDS_BY_MODE: Record<LoginMode, readonly Field[]> = {
  username: ['username', 'password', 'captcha'],
  sms: ['mobile', 'smsCode', 'captcha'],
};

/** A server field pointer, per mode, to the form field showing it. */
const SERVER_FIELDS: Record<LoginMode, Record<string, Field>> = {
  username: { username: 'username', password: 'password', captcha: 'captcha' },
  sms: { username: 'mobile', password: 'smsCode', captcha: 'captcha' },
};

const CAPTCHA_ERRORS = new Set(['captcha.required', 'captcha.invalid']);

const MODE_TABS: readonly FormTab<LoginMode>[] = [
  { value: 'username', label: 'login_with_username' },
  { value: 'sms', label: 'login_with_mobile' },
];

const HOME_ROUTE = href('home');
const LOGIN_ROUTE = href('login');
const REGISTER_ROUTE = href('register');
const FORGET_ROUTE = href('forget');
const AGENT_ROUTE = href('agent');

/** The agent entry (spec section 6): /m/login?agent=1 admits agents only, and leads to the agent home. */
function isAgentEntry(search: string): boolean {
  return new URLSearchParams(search).get('agent') === '1';
}

function rememberedValues(mode: LoginMode): Partial<Values<Field>> & { dialCode?: string } {
  const record = readRememberedLogin(mode);
  if (!record) return mode === 'username' ? { username: '', password: '' } : { mobile: '' };
  return mode === 'username'
    ? { username: record.username, password: record.password }
    : { mobile: record.username, dialCode: record.countryDialingCode };
}

function validator(rules: RuleSet, captchaShown: boolean) {
  return (field: Field, v: Values<Field>): Check => {
    switch (field) {
      case 'username':
        return checkField(rules, 'loginUsername', v.username);
      case 'password':
        return checkField(rules, 'loginPassword', v.password);
      case 'mobile':
        return checkField(rules, 'loginMobileNum', v.mobile, { required: true });
      case 'smsCode':
        return checkSmsCode(rules, v.smsCode);
      case 'captcha':
        return checkCaptcha(v.captcha, captchaShown, 'login');
    }
  };
}

function LoginForm({ freeTrial = true, navigation = true, redirectTo = HOME_ROUTE, onDone: onDoneProp }: WidgetComponentProps<LoginFormProps & LoginFormHostProps>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const agentEntry = pathname === LOGIN_ROUTE && isAgentEntry(search);
  const host = useContext(AccountFormHostContext);
  const onDone = onDoneProp ?? host.onDone;
  const account = useAccountContext();
  const { settings, flags, rules } = account;
  const mobileLogin = settings.mobileCodeLogin === true;

  const [mode, setMode] = useState<LoginMode>('username');
  const tabs = useFormTabs('login', mode, mobileLogin);
  const [dialCode, setDialCode] = useState(account.countryDialingCode);
  const [remember, setRemember] = useState(REMEMBER_PASSWORD_DEFAULT);
  const [captchaShown, setCaptchaShown] = useState(false);
  const pending = usePending();
  const [formError, setFormError] = useState<Invalid | null>(null);
  const captcha = useCaptcha(captchaShown);
  const countdown = useSmsCountdown();

  const form = useFieldForm<Field>(
    () => ({ username: '', password: '', mobile: '', smsCode: '', captcha: '' }) as Values<Field>,
    validator(rules, captchaShown),
  );
  // Remembered credentials live in the browser's storage: filled in after the first render (which
  // matches the server's), before the player sees the form.
  const { replaceValues } = form;
  useLayoutEffect(() => {
    const { dialCode: _dial, ...remembered } = rememberedValues('username');
    if (Object.keys(remembered).length > 0) replaceValues(remembered);
  }, [replaceValues]);

  useLanguageRevalidation(form.revalidateFilled);

  const refreshCaptcha = () => {
    captcha.refresh();
    form.replaceValues({ captcha: '' });
    form.setError('captcha', null);
  };

  const switchMode = (next: LoginMode) => {
    if (next === mode) return;
    setMode(next);
    setFormError(null);
    form.clearErrors();
    const { dialCode: rememberedDial, ...values } = rememberedValues(next);
    form.replaceValues({ ...values, smsCode: '' });
    if (next === 'sms') setDialCode(rememberedDial ?? account.countryDialingCode);
    if (captchaShown) refreshCaptcha();
  };

  const done = () => {
    if (onDone) onDone();
    // On its own screen the form moves on; shown over another page (a dialog) it leaves the page be.
    else if (pathname === LOGIN_ROUTE) void navigate(agentEntry ? AGENT_ROUTE : redirectTo, { replace: true });
  };

  const sendCode = () => {
    // The number is checked before any request (spec section 5).
    if (form.checkAll(['mobile'])) return;
    void countdown.send(() => sendSmsCode(form.values.mobile, dialCode));
  };

  const submit = () => {
    setFormError(null);
    const fields = FIELDS_BY_MODE[mode].filter((f) => f !== 'captcha' || captchaShown);
    if (form.checkAll(fields)) return;
    const v = form.values;
    const payload: LoginPayload =
      mode === 'username'
        ? { type: 'username', username: v.username, password: v.password }
        : { type: 'sms', username: v.mobile, password: v.smsCode, countryDialingCode: dialCode };
    payload.audience = agentEntry ? 'agent' : 'member';
    if (captchaShown && captcha.captcha) {
      payload.captcha = v.captcha;
      payload.captchaId = captcha.captcha.captchaId;
    }
    return logIn(payload, v);
  };

  const logIn = async (payload: LoginPayload, v: Values<Field>) => {
    showLoading();
    try {
      const session = await login(payload);
      hideLoading();
      startSession(session, account.merchantCode, mode === 'username' ? v.password : null);
      if (remember) {
        writeRememberedLogin(
          mode === 'username'
            ? { type: 'username', username: v.username, password: v.password }
            : // An SMS code is single use: only the number and its dialing code are worth remembering.
              { type: 'sms', username: v.mobile, password: '', countryDialingCode: dialCode },
        );
      } else clearRememberedLogin(mode);
      done();
    } catch (err) {
      hideLoading();
      // Any attempt uses the shown captcha up; a failure may also be the one that demands it.
      if (err instanceof ApiFailure && demandsCaptcha(err.value) && !captchaShown) setCaptchaShown(true);
      else if (captchaShown) refreshCaptcha();
      const message = failureMessage(err);
      const serverField = failureField(err);
      const field =
        err instanceof ApiFailure && CAPTCHA_ERRORS.has(err.errorCode) ? 'captcha' : serverField ? SERVER_FIELDS[mode][serverField] : undefined;
      if (field && (field !== 'captcha' || captchaShown)) {
        form.setError(field, message);
        form.focus(field);
      } else setFormError(message);
    }
  };

  const startFreePlay = useStartTrial(setFormError, onDone);
  const startTrial = async () => {
    setFormError(null);
    await startFreePlay();
  };

  return (
    <div className="account-form login-form">
      {agentEntry ? <p className="login-form__audience" data-testid="agent-login">{t('agent_login')}</p> : null}
      <FormTabs state={tabs} tabs={MODE_TABS} onSelect={switchMode} />
      <form method="post" className="account-form__body login-form__form" noValidate {...tabs.panel}>
        {mode === 'username' ? (
          <>
            <TextField {...form.bind('username')} label="username" autoComplete="username" autoCapitalize="off" spellCheck={false} required />
            <PasswordField {...form.bind('password')} label="password" autoComplete="current-password" required />
          </>
        ) : (
          <>
            <MobileNumberField
              {...form.bind('mobile')}
              dialCode={dialCode}
              defaultDialCode={account.countryDialingCode}
              dialCodes={account.dialingCodes}
              onDialCodeChange={setDialCode}
              required
            />
            <SmsCodeField {...form.bind('smsCode')} countdown={countdown} onSend={sendCode} required />
          </>
        )}
        {captchaShown ? (
          <CaptchaField {...form.bind('captcha')} captcha={captcha} onRefresh={refreshCaptcha} required />
        ) : null}
        <label className="account-form__check">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          {t('remember_password')}
        </label>
        <FormError error={formError} />
        <SubmitButton className="account-form__submit" onSubmit={submit} pending={pending}>
          {t('login')}
        </SubmitButton>
        {freeTrial ? (
          <button type="button" className="account-form__secondary" onClick={() => void pending.run(startTrial)} disabled={pending.busy}>
            {t('free_trial')}
          </button>
        ) : null}
      </form>
      <SocialLogin flags={flags} settings={settings} configured={account.socialProviders} />
      {navigation ? (
        <ul className="account-form__links login-form__links">
          <li>
            <Link to={HOME_ROUTE}>{t('home')}</Link>
          </li>
          <li>
            <Link to={REGISTER_ROUTE}>{t('register_now')}</Link>
          </li>
          <li>
            <Link to={FORGET_ROUTE}>{t('forgot_password')}</Link>
          </li>
          <li>
            <a href={settings.customerService.url} target="_blank" rel="noopener noreferrer">
              {t('online_service')}
            </a>
          </li>
        </ul>
      ) : null}
    </div>
  );
}

export default LoginForm;
