import './styles.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { SecurityHubProps } from '../../src/generated/widgets/security-hub';
import { useMemberInfo } from '../../src/features/account';
import { securityViewPath, useHeadIcon, useObjectUrl, useIdentityStatus, usePaymentPasswordSet, type IdentityStatus } from '../../src/features/security';
import { useTranslation } from '../../src/lib/i18n';
import { useMemberScope, useRuntimeActions, useRuntimeState } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { href } from '../../src/lib/routes';

interface RowProps {
  id: string;
  label: string;
  /** The state as text; undefined while loading. */
  state: ReactNode;
  tone?: 'ok' | 'todo' | 'wait' | 'bad';
  /** Where the next step is; absent: the row only informs. */
  to?: string;
  action?: string;
  children?: ReactNode;
}

function Row({ id, label, state, tone, to, action, children }: RowProps) {
  const body = (
    <>
      {children}
      <span className="security-row__body">
        <span className="security-row__label">{label}</span>
        <span className={`security-row__state${tone ? ` security-row__state--${tone}` : ''}`} data-testid={`state-${id}`} aria-busy={state === undefined || undefined}>
          {state}
        </span>
      </span>
      {to && action ? <span className="security-row__action">{action}</span> : null}
    </>
  );
  return (
    <li className="security-row" data-row={id}>
      {to ? (
        <Link className="security-row__link" to={to}>
          {body}
        </Link>
      ) : (
        <div className="security-row__link">{body}</div>
      )}
    </li>
  );
}

function identityTone(state: IdentityStatus['state']): RowProps['tone'] {
  return state === 'approved' ? 'ok' : state === 'pending' ? 'wait' : state === 'rejected' ? 'bad' : 'todo';
}

function SecurityHub({ headIcon = true }: WidgetComponentProps<SecurityHubProps>) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const scope = useMemberScope();
  const signedIn = useRuntimeState((state) => state.session !== null);
  const { requireLogin } = useRuntimeActions();
  // Member data loads after hydration: the server paints the frame, the browser fills it in.
  const live = hydrated && signedIn ? scope : null;
  const info = useMemberInfo(live);
  const paymentSet = usePaymentPasswordSet(live);
  const identity = useIdentityStatus(live);
  const icon = useHeadIcon(headIcon ? live : null);
  const iconUrl = useObjectUrl(icon.data);

  if (!hydrated) return <div className="security-hub security-hub--loading" aria-busy="true" />;
  if (!signedIn) {
    return (
      <div className="security-hub security-hub--visitor">
        <p>{t('security_login_first')}</p>
        <button type="button" className="button button--primary" onClick={requireLogin}>
          {t('login_or_register')}
        </button>
      </div>
    );
  }

  const member = info.data;
  const failed = t('security_state_unavailable');
  const bound = (value: string | null | undefined) => (value ? value : t('security_not_bound'));
  const loginState = member ? t(member.passwordSet ? 'security_set' : 'security_not_set') : info.error ? failed : undefined;
  const paymentState = paymentSet.data === undefined ? (paymentSet.error ? failed : undefined) : t(paymentSet.data ? 'security_set' : 'security_not_set');
  const status = identity.data;
  const identityState = status ? t(`identity_state_${status.state}`) : identity.error ? failed : undefined;

  return (
    <ul className="security-hub">
      <Row id="loginPassword" label={t('login_password')} state={loginState} tone={member?.passwordSet === false ? 'todo' : 'ok'} to={href('changePsw')} action={t('security_change')} />
      <Row
        id="paymentPassword"
        label={t('payment_password')}
        state={paymentState}
        tone={paymentSet.data === false ? 'todo' : 'ok'}
        to={securityViewPath('paymentPassword')}
        action={t(paymentSet.data === false ? 'security_set_up' : 'security_change')}
      />
      <Row id="mobile" label={t('mobile_number')} state={member ? bound(member.mobileNum) : info.error ? failed : undefined} tone={member?.mobileNum ? 'ok' : 'todo'} />
      <Row id="email" label={t('email')} state={member ? bound(member.email) : info.error ? failed : undefined} tone={member?.email ? 'ok' : 'todo'} />
      {headIcon ? (
        <Row
          id="headIcon"
          label={t('head_icon')}
          state={icon.data === undefined ? (icon.error ? failed : undefined) : t(icon.data ? 'head_icon_current' : 'head_icon_none')}
          to={securityViewPath('headIcon')}
          action={t('security_change')}
        >
          {iconUrl ? <img className="security-row__icon" src={iconUrl} alt={t('head_icon_current')} width={40} height={40} /> : <span className="security-row__icon" aria-hidden="true" />}
        </Row>
      ) : null}
      <Row id="payoutAccounts" label={t('payout_accounts')} state={t('payout_accounts_manage')} to={securityViewPath('payoutAccounts')} action={t('security_open')} />
      <Row
        id="identity"
        label={t('identity_verification')}
        state={identityState}
        tone={status ? identityTone(status.state) : undefined}
        to={securityViewPath('identity')}
        action={t(status?.state === 'none' || status?.state === 'rejected' ? 'identity_verify_now' : 'security_open')}
      />
      {status?.state === 'rejected' && status.reason ? (
        <li className="security-row security-row--note" data-testid="identity-reason">
          {t('identity_rejected_reason', { reason: status.reason })}
        </li>
      ) : null}
    </ul>
  );
}

export default SecurityHub;
