import './member-centre-screen.css';
import type { MouseEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router-dom';
import { useMemberInfo } from '../api/member';
import { vipNameKey } from '../api/vip';
import { useSessionRenewal } from '../../../lib/api/session';
import { Icon } from '../../../components/icons';
import { HOME_PATH, joinedDays } from '../../../lib/layout-rules';
import { useMemberScope, useRuntimeActions, useRuntimeState, useStartupState, useTenant } from '../../../lib/runtime';
import { Slot } from '../../../renderer';
import { href } from '../../../lib/routes';

export const BENEFITS_PATH = href('benefits');
export const MEMBER_HOME_PATH = '/m/member/home';
export const SETTINGS_PATH = href('set');

/** Logged in: account, level and days since registration; opens VIP benefits when that setting is on. */
function ProfileCard() {
  const { t } = useTranslation();
  const userName = useRuntimeState((state) => state.session?.userName);
  const vipBenefit = useRuntimeState((state) => state.gateContext.settings.vipBenefit === true);
  const { data: member } = useMemberInfo(useMemberScope());
  const to = vipBenefit ? BENEFITS_PATH : MEMBER_HOME_PATH;
  const nameKey = vipNameKey(member?.vipName);
  const level = member?.vipLevel ?? 0;
  const levelLabel = nameKey ? t('vip_level_title', { level, name: t(nameKey) }) : t('level_label', { level });
  return (
    <Link className="mc-card" to={to} data-testid="member-card">
      <span className="mc-card__avatar" aria-hidden="true">
        <Icon name="user" />
      </span>
      <span className="mc-card__body">
        <span className="mc-card__account">{member?.account ?? userName}</span>
        <span className="mc-card__meta">
          {member ? <span className="mc-card__level" data-testid="member-level">{levelLabel}</span> : null}
          {member ? <span className="mc-card__joined">{t('joined_days', { count: joinedDays(member.regDate) })}</span> : null}
        </span>
      </span>
      <span className="mc-card__chevron" aria-hidden="true">
        <Icon name="chevron-right" />
      </span>
    </Link>
  );
}

/** Logged out: one prompt that opens the login dialog. */
function LoginPrompt() {
  const { t } = useTranslation();
  const { requireLogin } = useRuntimeActions();
  return (
    <button type="button" className="mc-card mc-card--prompt" onClick={requireLogin}>
      <span className="mc-card__avatar" aria-hidden="true">
        <Icon name="user" />
      </span>
      <span className="mc-card__body">
        <span className="mc-card__account">{t('login_or_register')}</span>
      </span>
      <span className="mc-card__chevron" aria-hidden="true">
        <Icon name="chevron-right" />
      </span>
    </button>
  );
}

/**
 * Member centre (/m/mine, /m/member/home). Layout variant from the startup state
 * (mobileTemplate.mem_cen "1": the new card layout, else the base banner layout); tiles and the
 * gated list come from the tenant.
 */
export default function MemberCentreScreen() {
  const { t } = useTranslation();
  // Readers of what this screen shows only: a token renewal or a badge count does not render it again.
  const tenant = useTenant();
  const signedIn = useRuntimeState((state) => state.session !== null);
  const { requireLogin } = useRuntimeActions();
  const screen = tenant.screens.mine;
  const variant = useStartupState().templates.memberCentre;
  useSessionRenewal(useMemberScope());

  const onSettings = (e: MouseEvent<HTMLAnchorElement>) => {
    if (signedIn) return;
    e.preventDefault();
    requireLogin();
  };

  return (
    <div className={`member-centre member-centre--${variant}`} data-variant={variant}>
      <header className="mc-top">
        <div className="mc-bar">
          <Link className="icon-button" to={HOME_PATH} aria-label={t('back')}>
            <Icon name="chevron-right" className="icon--flip" />
          </Link>
          <h1 className="mc-bar__title">{t('member_centre')}</h1>
          <Link className="icon-button" to={SETTINGS_PATH} aria-label={t('settings')} onClick={onSettings}>
            <Icon name="settings" />
          </Link>
        </div>
        <div className="mc-profile">{signedIn ? <ProfileCard /> : <LoginPrompt />}</div>
      </header>
      <main className="mc-main">
        <div className="mc-tiles">
          <Slot slot={screen.slots.tiles} path="screens.mine.slots.tiles" />
        </div>
        <div className="mc-list">
          <Slot slot={screen.slots.list} path="screens.mine.slots.list" />
        </div>
      </main>
    </div>
  );
}
