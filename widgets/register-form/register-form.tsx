import './styles.css';
import { Fragment, useState, type ReactNode } from 'react';
import { useClientValue } from '../../src/lib/hydration';
import { useTranslation } from '../../src/lib/i18n';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { RegisterFormProps } from '../../src/generated/widgets/register-form';
import { useAffiliateCheck, isAffiliateValid } from '../../src/features/account';
import { startSession } from '../../src/features/account';
import { useCaptcha } from '../../src/features/account';
import { ApiFailure } from '../../src/lib/api/client';
import { registerMember, registerMethodFor, type RegisterPayload } from '../../src/features/account';
import { useRegisterSettings, type RegisterSettings } from '../../src/features/account';
import { sendSmsCode } from '../../src/features/account';
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
  type TextFieldProps,
  type Values,
} from '../../src/components/form';
import { CaptchaField, MobileNumberField, SmsCodeField, SocialLogin, failureField, failureMessage, useAccountContext } from '../../src/features/account';
import { useSmsCountdown } from '../../src/features/account';
import { checkCaptcha, checkField, checkRegisterConfirm, checkSmsCode, type Check, type Invalid, type RuleSet } from '../../src/features/account';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { CONFIGURED_REGISTRATION_FIELDS } from '../../src/tenant/registration-fields';
import { href } from '../../src/lib/routes';

export type RegisterMethod = 'username' | 'mobile';

const METHOD_TABS: readonly FormTab<RegisterMethod>[] = [
  { value: 'username', label: 'username' },
  { value: 'mobile', label: 'mobile_number' },
];

/** Optional fields the registration settings switch on and off, in the order they show. */
const CONFIGURED_FIELDS = CONFIGURED_REGISTRATION_FIELDS;

type Configured = (typeof CONFIGURED_FIELDS)[number];
type Field = 'username' | 'password' | 'confirmPassword' | 'mobileNum' | 'verificationCode' | Configured | 'captcha';

const ALL_FIELDS: readonly Field[] = ['username', 'password', 'confirmPassword', 'mobileNum', 'verificationCode', ...CONFIGURED_FIELDS, 'captcha'];

/** Label keys; handles of messaging apps are brand names, the same in every language. */
const LABEL_KEYS: Partial<Record<Field, string>> = {
  username: 'username',
  password: 'password',
  confirmPassword: 'confirm_password',
  mobileNum: 'mobile_number',
  verificationCode: 'verification_code',
  affiliateCode: 'affiliate_code',
  paymentPassword: 'payment_password',
  recommenderId: 'recommender_id',
  nickname: 'nickname',
  payeeName: 'payee_name',
  email: 'email',
  idNumber: 'id_number',
  captcha: 'captcha',
};
const BRAND_LABELS: Partial<Record<Field, string>> = {
  qqNum: 'QQ',
  facebook: 'Facebook',
  wechat: 'WeChat',
  line: 'LINE',
  whatsapp: 'WhatsApp',
  zalo: 'Zalo',
};

const INPUT_PROPS: Partial<Record<Field, Partial<TextFieldProps>>> = {
  username: { autoComplete: 'username', autoCapitalize: 'off', spellCheck: false },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  paymentPassword: { type: 'password', inputMode: 'numeric', autoComplete: 'off' },
  nickname: { autoComplete: 'nickname' },
  payeeName: { autoComplete: 'name' },
  whatsapp: { type: 'tel', inputMode: 'tel' },
  zalo: { type: 'tel', inputMode: 'numeric' },
  qqNum: { inputMode: 'numeric' },
};

const DEFAULT_AFFILIATE_PARAMS: [string, ...string[]] = ['affiliateCode', 'affCode', 'aff', 'code', 'inviteCode'];
const LOGIN_ROUTE = href('login');
const AGREEMENT_ROUTE = href('useragreement');

/** Spec section 4: username by default; mobile when only mobile registration is on. */
export function defaultMethod(settings: Pick<RegisterSettings, 'usernameRegistration' | 'mobileRegistration'>): RegisterMethod {
  return settings.mobileRegistration && !settings.usernameRegistration ? 'mobile' : 'username';
}

interface Visible {
  field: Field;
  required: boolean;
}

/** The fields a method shows, in order, with whether each is required. */
export function visibleFields(settings: RegisterSettings, method: RegisterMethod, showAffiliate: boolean): Visible[] {
  const cfg = settings.fields;
  const on = (name: string) => cfg[name]?.enabled === true;
  const req = (name: string) => cfg[name]?.enabled === true && cfg[name]?.required === true;
  const out: Visible[] = [];
  if (method === 'username') {
    const verify = req('verificationCode');
    out.push({ field: 'username', required: true }, { field: 'password', required: true }, { field: 'confirmPassword', required: true });
    if (on('mobileNum') || verify) out.push({ field: 'mobileNum', required: verify || req('mobileNum') });
    if (on('verificationCode')) out.push({ field: 'verificationCode', required: verify });
  } else {
    out.push({ field: 'mobileNum', required: true });
    if (settings.mobileVerification) out.push({ field: 'verificationCode', required: true });
    if (settings.mobilePassword) out.push({ field: 'password', required: true }, { field: 'confirmPassword', required: true });
  }
  for (const name of CONFIGURED_FIELDS) {
    if (!on(name) || (name === 'affiliateCode' && !showAffiliate)) continue;
    out.push({ field: name, required: req(name) });
  }
  if (settings.captcha.enabled) out.push({ field: 'captcha', required: true });
  return out;
}

function validator(rules: RuleSet, visible: Visible[]) {
  const required = new Map(visible.map((v) => [v.field, v.required]));
  return (field: Field, v: Values<Field>): Check => {
    if (!required.has(field)) return null;
    const isRequired = required.get(field) === true;
    switch (field) {
      case 'username':
        return checkField(rules, 'username', v.username, { required: true });
      case 'confirmPassword':
        return checkRegisterConfirm(v.password, v.confirmPassword);
      case 'verificationCode':
        return checkSmsCode(rules, v.verificationCode, isRequired);
      case 'captcha':
        return checkCaptcha(v.captcha, true, 'register');
      default:
        return checkField(rules, field, v[field], { required: isRequired });
    }
  };
}

function affiliateFromUrl(params: URLSearchParams, names: readonly string[]): string | null {
  for (const name of names) {
    const value = params.get(name)?.trim();
    if (value) return value;
  }
  return null;
}

/** Server errors without a field pointer that still belong to one field. */
const ERROR_FIELDS: Record<string, Field> = {
  'username.exists': 'username',
  'mobile.exists': 'mobileNum',
  'captcha.required': 'captcha',
  'captcha.invalid': 'captcha',
  'affiliate.invalid': 'affiliateCode',
  'recommender.invalid': 'recommenderId',
  'sms.code.invalid': 'verificationCode',
};

function RegisterForm({ redirectTo = href('home'), affiliateParams = DEFAULT_AFFILIATE_PARAMS }: WidgetComponentProps<RegisterFormProps>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const account = useAccountContext();
  const { rules, flags } = account;
  const info = account.startup.info ?? {};
  const { settings: fetched } = useRegisterSettings(info.register as RegisterSettings | undefined);
  // The host is the browser's to tell: none on the server and while hydrating, as the server rendered.
  const domain = useClientValue(() => window.location.hostname, '');

  const settings: RegisterSettings = fetched ?? {
    // Until the server answers: the tenant's own view (the server decides in the end).
    enabled: flags.USERNAMEREG3 === true || flags.MOBILENUMREG3 === true,
    usernameRegistration: flags.USERNAMEREG3 === true,
    mobileRegistration: flags.MOBILENUMREG3 === true,
    mobileVerification: flags.REGMOBVERF3 === true,
    mobilePassword: flags.MOBILENUMPASSREG3 === true,
    fields: account.tenant.settings.registration.fields as RegisterSettings['fields'],
    captcha: account.tenant.settings.registration.captcha,
    ageLimit: account.settings.ageLimit,
    birthDateRequired: account.tenant.settings.protection?.birthDateRequired === true,
    countryDialingCode: account.countryDialingCode,
    dialingCodes: account.dialingCodes,
  };
  const bothMethods = settings.usernameRegistration && settings.mobileRegistration;

  const [searchParams] = useSearchParams();
  const urlCode = affiliateFromUrl(searchParams, affiliateParams);
  const { valid: urlCodeValid } = useAffiliateCheck(urlCode, domain);
  // A code in the URL is checked first; the field shows once it is known not to be valid.
  const showAffiliate = urlCode === null ? true : urlCodeValid === false;

  const [chosenMethod, setMethod] = useState<RegisterMethod | null>(null);
  const method: RegisterMethod = bothMethods ? (chosenMethod ?? defaultMethod(settings)) : defaultMethod(settings);
  const tabs = useFormTabs('register', method, bothMethods);
  const [dialCode, setDialCode] = useState(settings.countryDialingCode || account.countryDialingCode);
  const [agree, setAgree] = useState(true);
  // settings.protection.birthDateRequired: the server checks it against the age limit (age.under).
  const [birthDate, setBirthDate] = useState('');
  const [formError, setFormError] = useState<Invalid | null>(null);
  const captcha = useCaptcha(settings.captcha.enabled);
  const countdown = useSmsCountdown();

  const visible = visibleFields(settings, method, showAffiliate);
  const shown = new Set(visible.map((v) => v.field));

  const form = useFieldForm<Field>(
    () => Object.fromEntries(ALL_FIELDS.map((f) => [f, ''])) as Values<Field>,
    validator(rules, visible),
  );
  useLanguageRevalidation(form.revalidateFilled);

  const refreshCaptcha = () => {
    captcha.refresh();
    form.replaceValues({ captcha: '' });
    form.setError('captcha', null);
  };

  const switchMethod = (next: RegisterMethod) => {
    if (next === method) return;
    // The mobile number is one value for both tabs: what was typed carries across.
    setMethod(next);
    form.clearErrors();
    setFormError(null);
  };

  const sendCode = () => {
    if (form.checkAll(['mobileNum'])) return;
    void countdown.send(() => sendSmsCode(form.values.mobileNum, dialCode));
  };

  const submit = () => {
    if (!agree) return;
    setFormError(null);
    if (form.checkAll(visible.map((v) => v.field))) return;
    return register(form.values);
  };

  const register = async (v: Values<Field>) => {
    const typedAffiliate = shown.has('affiliateCode') ? v.affiliateCode.trim() : '';
    showLoading();
    try {
      if (typedAffiliate && !urlCodeValid && !(await isAffiliateValid(typedAffiliate, domain))) {
        hideLoading();
        form.setError('affiliateCode', { key: 'invitation_code_error' });
        form.focus('affiliateCode');
        return;
      }
      const payload: RegisterPayload = {
        type: 0,
        registerMethod: registerMethodFor(account.install),
        registerUrl: window.location.host,
        domain,
        countryDialingCode: dialCode,
      };
      for (const { field } of visible) {
        if (field === 'captcha' || field === 'affiliateCode') continue;
        if (v[field] !== '') payload[field] = field === 'email' ? v.email.trim() : v[field];
      }
      if (settings.birthDateRequired && birthDate !== '') payload.birthDate = birthDate;
      const affiliateCode = urlCodeValid && urlCode ? urlCode : typedAffiliate;
      if (affiliateCode) payload.affiliateCode = affiliateCode;
      if (settings.captcha.enabled && captcha.captcha) {
        payload.captcha = v.captcha;
        payload.captchaId = captcha.captcha.captchaId;
      }
      const session = await registerMember(payload);
      hideLoading();
      void showToast('in_registered_successfully');
      startSession(session, account.merchantCode, payload.password ?? null);
      void navigate(redirectTo, { replace: true });
    } catch (err) {
      hideLoading();
      if (settings.captcha.enabled) refreshCaptcha();
      const message = failureMessage(err);
      const named = failureField(err) as Field | undefined;
      const field = named && shown.has(named) ? named : err instanceof ApiFailure ? ERROR_FIELDS[err.errorCode] : undefined;
      if (field && shown.has(field)) {
        form.setError(field, message);
        form.focus(field);
      } else setFormError(message);
    }
  };

  const renderField = ({ field, required }: Visible): ReactNode => {
    const common = {
      ...form.bind(field),
      label: LABEL_KEYS[field] ?? field,
      labelText: BRAND_LABELS[field],
      required,
    };
    switch (field) {
      case 'password':
        return (
          <PasswordField
            {...common}
            autoComplete="new-password"
            onValueChange={(value) => form.setValue('password', value, ['confirmPassword'])}
          />
        );
      case 'confirmPassword':
        return <PasswordField {...common} autoComplete="new-password" />;
      case 'mobileNum':
        return (
          <MobileNumberField
            {...common}
            dialCode={dialCode}
            defaultDialCode={settings.countryDialingCode || account.countryDialingCode}
            dialCodes={settings.dialingCodes}
            onDialCodeChange={setDialCode}
          />
        );
      case 'verificationCode':
        return <SmsCodeField {...common} countdown={countdown} onSend={sendCode} />;
      case 'captcha':
        return <CaptchaField {...common} captcha={captcha} onRefresh={refreshCaptcha} />;
      default:
        return <TextField {...common} {...INPUT_PROPS[field]} />;
    }
  };

  if (!settings.enabled) {
    return (
      <div className="account-form register-form">
        <p className="account-form__note">{t('no_permission')}</p>
        <Link className="register-form__login" to={LOGIN_ROUTE}>
          {t('already_have_account')}
        </Link>
      </div>
    );
  }

  return (
    <div className="account-form register-form">
      <FormTabs state={tabs} tabs={METHOD_TABS} onSelect={switchMethod} />
      <form method="post" className="account-form__body register-form__form" noValidate {...tabs.panel}>
        {visible.map((v) => (
          <Fragment key={v.field}>{renderField(v)}</Fragment>
        ))}
        {settings.birthDateRequired ? (
          <label className="register-form__birth-date">
            <span>{t('birthday')}</span>
            <input type="date" name="birthDate" value={birthDate} required onChange={(e) => setBirthDate(e.target.value)} />
          </label>
        ) : null}
        <div className="register-form__terms">
          <label className="account-form__check">
            <input type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
            {t('age_confirm', { age: account.settings.ageLimit })}
          </label>
          <Link to={AGREEMENT_ROUTE}>{t('user_agreement')}</Link>
        </div>
        <FormError error={formError} />
        <SubmitButton className="account-form__submit" onSubmit={submit} disabled={!agree}>
          {t('register')}
        </SubmitButton>
      </form>
      <SocialLogin flags={flags} settings={account.settings} configured={account.socialProviders} />
      <Link className="register-form__login" to={LOGIN_ROUTE}>
        {t('already_have_account')}
      </Link>
    </div>
  );
}

export default RegisterForm;
