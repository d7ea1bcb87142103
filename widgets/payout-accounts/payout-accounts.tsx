import './styles.css';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PayoutAccountsProps } from '../../src/generated/widgets/payout-accounts';
import type { TenantSettings } from '../../src/generated/tenant';
import { FormError, PasswordField, SubmitButton, TextField } from '../../src/components/form';
import { Icon } from '../../src/components/icons';
import { Modal } from '../../src/components/modal';
import { ApiFailure } from '../../src/lib/api/client';
import { showToast } from '../../src/lib/feedback';
import { useTranslation } from '../../src/lib/i18n';
import { isTrialMember } from '../../src/lib/layout-rules';
import { useMemberScope, useRuntimeActions, useRuntimeState, useTenant } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';
import {
  addPayoutAccount,
  checkAccountNo,
  checkHolderName,
  checkPaymentPassword,
  DEFAULT_MAX_PAYOUT_ACCOUNTS,
  deletePayoutAccount,
  isDigitsOnly,
  normaliseAccountNo,
  refusedField,
  securityFailureMessage,
  securityViewPath,
  useIdentity,
  usePayoutAccounts,
  type IdentityStatus,
  type PayoutAccount,
  type PayoutProvider,
  type SecurityMessage,
} from '../../src/features/wallet';

type TenantProvider = TenantSettings['wallet']['payoutProviders'][number];

/** A provider's logo as the browser loads it: a file of the tenant folder under /m/brand/, or its https URL. */
const logoUrlOf = (logo: string): string => (/^https:\/\//.test(logo) ? logo : `/m/brand/${logo}`);

function ProviderLogo({ logo, kind }: { logo: string | undefined; kind: PayoutProvider['kind'] }) {
  if (logo) return <img className="payout-logo" src={logoUrlOf(logo)} alt="" width={40} height={40} loading="lazy" />;
  return (
    <span className="payout-logo payout-logo--icon" aria-hidden="true">
      <Icon name={kind === 'bank' ? 'deposit' : 'wallet'} />
    </span>
  );
}

interface DeleteDialogProps {
  account: PayoutAccount;
  onClose(): void;
  onDeleted(): void;
}

/** Removing an account: the payment password, checked by the server, in a confirm dialog. */
function DeleteDialog({ account, onClose, onDeleted }: DeleteDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<SecurityMessage | null>(null);
  const [formError, setFormError] = useState<SecurityMessage | null>(null);
  // No payment password yet: the next step is to set one, so the dialog links there.
  const [passwordUnset, setPasswordUnset] = useState(false);

  const submit = () => {
    setFormError(null);
    const problem = checkPaymentPassword(password);
    setPasswordError(problem);
    if (problem) return;
    return deletePayoutAccount(account.id, password).then(
      () => onDeleted(),
      (err: unknown) => {
        // Already gone (removed in another tab): what the member asked for is done.
        if (err instanceof ApiFailure && err.errorCode === 'not.found') return onDeleted();
        setFormError(securityFailureMessage(err));
        setPasswordUnset(err instanceof ApiFailure && err.errorCode === 'payment.password.unset');
        if (err instanceof ApiFailure && err.errorCode === 'payment.password.incorrect') setPassword('');
      },
    );
  };

  return (
    <Modal role="alertdialog" labelledBy={titleId} describedBy={messageId} onDismiss={onClose} className="payout-delete">
      <form method="post" noValidate>
        <h2 id={titleId} className="modal__title">
          {t('payout_delete_title')}
        </h2>
        <p id={messageId} className="modal__message">
          {t('payout_delete_message', { provider: account.providerName, account: account.accountNo })}
        </p>
        <PasswordField
          label="payment_password"
          name="paymentPassword"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={password}
          onValueChange={(v) => {
            setPassword(v);
            if (passwordError) setPasswordError(checkPaymentPassword(v));
          }}
          error={passwordError}
          required
        />
        <FormError error={formError} />
        {passwordUnset ? (
          <Link className="payout-delete__next" to={securityViewPath('paymentPassword')}>
            {t('withdraw_action_payment_password')}
          </Link>
        ) : null}
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('cancel')}
          </button>
          <SubmitButton className="button button--primary payout-delete__confirm" onSubmit={submit}>
            {t('payout_delete')}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}

type AddField = 'accountNo' | 'holderName';

interface AddFormProps {
  providers: readonly PayoutProvider[];
  logos: ReadonlyMap<string, string | undefined>;
  realName: string;
  onAdded(): void;
  onRefused(err: unknown): void;
  onCancel(): void;
}

/** A new account: the provider, its number (the provider's pattern) and the holder (the verified real name). */
function AddForm({ providers, logos, realName, onAdded, onRefused, onCancel }: AddFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState(providers[0]?.code ?? '');
  const [accountNo, setAccountNo] = useState('');
  const [holderName, setHolderName] = useState(realName);
  const [errors, setErrors] = useState<Partial<Record<AddField, SecurityMessage | null>>>({});
  const [formError, setFormError] = useState<SecurityMessage | null>(null);
  const provider = providers.find((p) => p.code === code) ?? providers[0];

  const check = (field: AddField, value: string): SecurityMessage | null =>
    field === 'accountNo' ? checkAccountNo(provider, value) : checkHolderName(realName, value);

  const choose = (next: string) => {
    setCode(next);
    setFormError(null);
    // Each provider has its own pattern: a number already typed is checked against the new one.
    const chosen = providers.find((p) => p.code === next);
    if (chosen && accountNo !== '') setErrors((e) => ({ ...e, accountNo: checkAccountNo(chosen, accountNo) }));
  };

  const submit = () => {
    setFormError(null);
    const found = { accountNo: check('accountNo', accountNo), holderName: check('holderName', holderName) };
    setErrors(found);
    if (found.accountNo || found.holderName) return;
    const body = { kind: provider.kind, providerCode: provider.code, accountNo: normaliseAccountNo(accountNo), holderName: holderName.trim() };
    return addPayoutAccount(body).then(
      () => onAdded(),
      (err: unknown) => {
        const message = securityFailureMessage(err);
        const field = refusedField(err);
        if (field === 'accountNo' || field === 'holderName') {
          // A schema refusal of the number says only "check the field": the field says what is wrong with it.
          const fieldMessage = field === 'accountNo' && message.key === 'err_validation_failed' ? { key: 'payout_account_no_invalid', params: { provider: provider.name } } : message;
          setErrors((e) => ({ ...e, [field]: fieldMessage }));
        }
        setFormError(message);
        onRefused(err);
      },
    );
  };

  const groups = (['ewallet', 'bank'] as const).map((kind) => ({ kind, list: providers.filter((p) => p.kind === kind) })).filter((g) => g.list.length > 0);

  return (
    <form className="payout-add" method="post" noValidate aria-label={t('payout_add_title')}>
      <h3 className="payout-add__title">{t('payout_add_title')}</h3>
      {groups.map((group) => (
        <fieldset key={group.kind} className="payout-add__providers">
          <legend className="payout-add__legend">{t(group.kind === 'bank' ? 'payout_kind_bank' : 'payout_kind_ewallet')}</legend>
          <div role="radiogroup" aria-label={t(group.kind === 'bank' ? 'payout_kind_bank' : 'payout_kind_ewallet')} className="payout-providers">
            {group.list.map((p) => (
              <button
                key={p.code}
                type="button"
                role="radio"
                aria-checked={p.code === provider.code}
                className="payout-provider"
                data-provider={p.code}
                onClick={() => choose(p.code)}
              >
                <ProviderLogo logo={logos.get(p.code)} kind={p.kind} />
                <span className="payout-provider__name">{p.name}</span>
              </button>
            ))}
          </div>
        </fieldset>
      ))}
      <TextField
        label="payout_account_no"
        name="accountNo"
        inputMode={isDigitsOnly(provider) ? 'numeric' : 'text'}
        autoComplete="off"
        maxLength={48}
        value={accountNo}
        onValueChange={(v) => {
          setAccountNo(v);
          setFormError(null);
          if (errors.accountNo) setErrors((e) => ({ ...e, accountNo: check('accountNo', v) }));
        }}
        onBlur={() => accountNo !== '' && setErrors((e) => ({ ...e, accountNo: check('accountNo', accountNo) }))}
        error={errors.accountNo}
        required
      />
      <TextField
        label="payout_holder_name"
        name="holderName"
        autoComplete="name"
        maxLength={80}
        value={holderName}
        onValueChange={(v) => {
          setHolderName(v);
          setFormError(null);
          if (errors.holderName) setErrors((e) => ({ ...e, holderName: check('holderName', v) }));
        }}
        onBlur={() => setErrors((e) => ({ ...e, holderName: check('holderName', holderName) }))}
        error={errors.holderName}
        hint="payout_holder_rule"
        required
      />
      <FormError error={formError} />
      <div className="payout-add__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
        <SubmitButton className="button button--primary payout-add__submit" onSubmit={submit}>
          {t('payout_add_submit')}
        </SubmitButton>
      </div>
    </form>
  );
}

/** Why no account can be added yet: the identity comes first. */
function IdentityFirst({ identity, identityPath }: { identity: IdentityStatus; identityPath: string }) {
  const { t } = useTranslation();
  const pending = identity.state === 'pending';
  return (
    <div className="payout-notice" role="status" data-testid="payout-identity-first">
      <p>{t(pending ? 'payout_identity_pending' : 'payout_identity_required')}</p>
      <Link className="button button--primary payout-notice__action" to={identityPath}>
        {t(pending ? 'payout_identity_view' : 'payout_identity_verify')}
      </Link>
    </div>
  );
}

function PayoutAccounts({ identityPath = securityViewPath('identity') }: WidgetComponentProps<PayoutAccountsProps>) {
  const { t } = useTranslation();
  const tenant = useTenant();
  const hydrated = useHydrated();
  const scope = useMemberScope();
  const signedIn = useRuntimeState((state) => state.session !== null);
  const trial = useRuntimeState((state) => isTrialMember(state.session?.type));
  const { requireLogin } = useRuntimeActions();
  // Member data loads after hydration: the server paints the frame, the browser fills it in.
  const memberScope = hydrated && !trial ? scope : null;
  const list = usePayoutAccounts(memberScope);
  const identity = useIdentity(memberScope);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<PayoutAccount | null>(null);

  if (!hydrated) return <div className="payout-accounts payout-accounts--loading" aria-busy="true" />;
  if (!signedIn) {
    return (
      <div className="payout-accounts payout-accounts--visitor">
        <p>{t('not_logged_in')}</p>
        <button type="button" className="button button--primary" onClick={requireLogin}>
          {t('login_or_register')}
        </button>
      </div>
    );
  }
  if (trial) {
    return (
      <div className="payout-accounts payout-accounts--trial">
        <p>{t('login_actual_account')}</p>
      </div>
    );
  }
  const failed = (list.error && !list.data) || (identity.error && !identity.data);
  if (failed) {
    return (
      <div className="payout-accounts payout-accounts--failed">
        <FormError error={securityFailureMessage(list.error ?? identity.error)} />
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            void list.mutate();
            void identity.mutate();
          }}
        >
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!list.data || !identity.data) return <div className="payout-accounts payout-accounts--loading" aria-busy="true" />;

  const { accounts, providers } = list.data;
  const max = list.data.maxAccounts || DEFAULT_MAX_PAYOUT_ACCOUNTS;
  const tenantProviders: readonly TenantProvider[] = tenant.settings.wallet.payoutProviders;
  const logos = new Map(tenantProviders.map((p) => [p.code, p.logo]));
  const approved = identity.data.state === 'approved';
  const full = accounts.length >= max;

  const refresh = () => {
    void list.mutate();
  };
  const refused = (err: unknown) => {
    if (!(err instanceof ApiFailure)) return;
    // The server knows better than this page: the limit reached or the identity changed elsewhere.
    if (err.errorCode === 'payout.account.limit') refresh();
    if (err.errorCode === 'identity.unverified') void identity.mutate();
  };

  let addPart = null;
  if (!approved) addPart = <IdentityFirst identity={identity.data} identityPath={identityPath} />;
  else if (full) {
    addPart = (
      <p className="payout-notice payout-notice--limit" role="status" data-testid="payout-limit">
        {t('payout_limit_reached', { max })}
      </p>
    );
  } else if (providers.length === 0) addPart = <p className="payout-notice">{t('payout_no_providers')}</p>;
  else if (adding) {
    addPart = (
      <AddForm
        providers={providers}
        logos={logos}
        realName={identity.data.realName ?? ''}
        onAdded={() => {
          setAdding(false);
          refresh();
          void showToast('payout_added');
        }}
        onRefused={refused}
        onCancel={() => setAdding(false)}
      />
    );
  } else {
    addPart = (
      <button type="button" className="button button--primary payout-accounts__add" onClick={() => setAdding(true)}>
        {t('payout_add')}
      </button>
    );
  }

  return (
    <section className="payout-accounts" aria-labelledby="payout-accounts-title">
      <header className="payout-accounts__head">
        <h2 id="payout-accounts-title" className="payout-accounts__title">
          {t('payout_accounts')}
        </h2>
        <span className="payout-accounts__count" data-testid="payout-count">
          {t('payout_count', { count: accounts.length, max })}
        </span>
      </header>
      {accounts.length === 0 ? (
        <p className="payout-accounts__empty">{t('payout_none')}</p>
      ) : (
        <ul className="payout-list">
          {accounts.map((a) => (
            <li key={a.id} className="payout-account" data-account={a.id}>
              <ProviderLogo logo={logos.get(a.providerCode)} kind={a.kind} />
              <span className="payout-account__body">
                <span className="payout-account__provider">{a.providerName}</span>
                <span className="payout-account__number">{a.accountNo}</span>
                <span className="payout-account__holder">{a.holderName}</span>
              </span>
              <button
                type="button"
                className="payout-account__delete"
                aria-label={t('payout_delete_label', { provider: a.providerName, account: a.accountNo })}
                onClick={() => setDeleting(a)}
              >
                {t('payout_delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {addPart}
      {deleting ? (
        <DeleteDialog
          account={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            refresh();
            void showToast('payout_deleted');
          }}
        />
      ) : null}
    </section>
  );
}

export default PayoutAccounts;
