import './agent-home-screen.css';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n';
import { useSessionRenewal } from '../../../lib/api/session';
import { tenantTimeZone } from '../../../lib/app-config';
import { HOME_PATH } from '../../../lib/layout-rules';
import { useMemberScope, useSessionInfo, useTenant, useZone } from '../../../lib/runtime';
import { Icon } from '../../../components/icons';
import { Slot } from '../../../renderer';
import { useAgentHome, type AgentHome } from '../api/agent-home';
import { useDividendPage } from '../api/contracts';
import { greetingKey, zoneHour } from '../greeting';
import { CONTRACT_SKIPPED_TYPES } from '../../../domain/member-types';
import { moneyText } from '../../../domain/money';
import { useMinuteClock } from '../../../components/use-clock';
import type { TranslationKey } from '../../../lib/i18n-keys';
import { href } from '../../../lib/routes';

/** Member types that skip dividend loading (spec section 4: agent-like accounts). */
export const NO_DIVIDEND_TYPES: readonly number[] = CONTRACT_SKIPPED_TYPES;

const COUNTERS: readonly { key: keyof AgentHome['footer']; label: TranslationKey }[] = [
  { key: 'teamLoginMemberCount', label: 'team_login_count' },
  { key: 'teamBetMemberCount', label: 'team_bet_count' },
  { key: 'teamRegisterMemberCount', label: 'team_register_count' },
  { key: 'teamOnlineCount', label: 'team_online_count' },
];

/** The greeting by the hour of the tenant's zone on the browser's clock (after hydration). */
function Greeting({ userName }: { userName: string }) {
  const { t } = useTranslation();
  const tenant = useTenant();
  const zone = useZone();
  const now = useMinuteClock();
  const hour = now === null ? null : zoneHour(zone, tenantTimeZone(tenant), now);
  return (
    <p className="agent-home__greeting" data-testid="agent-greeting" data-hour={hour ?? undefined}>
      <span className="agent-home__hello">{hour === null ? '\u00a0' : t(greetingKey(hour))}</span>
      <span className="agent-home__name">{userName}</span>
    </p>
  );
}

function DividendLine({ scope }: { scope: string | null }) {
  const { t } = useTranslation();
  const { data } = useDividendPage(scope);
  if (!data) return null;
  return (
    <p className="agent-home__dividend" data-testid="agent-dividend">
      {data.contract ? t('agent_dividend_status', { status: t('contract_state_signed') }) : t('agent_dividend_none')}
    </p>
  );
}

/**
 * Agent home (/m/agent; the route admits member types other than 0, 4 and 40, spec section 4):
 * greeting, balance with deposit and withdraw, today's four team counters, dividend status, and
 * the tenant's agent grid (its items follow the agent menu whitelist; badges for messages and
 * agent notices). The session is renewed on load.
 */
export default function AgentHomeScreen() {
  const { t } = useTranslation();
  const tenant = useTenant();
  const scope = useMemberScope();
  const session = useSessionInfo();
  useSessionRenewal(scope);
  const { data } = useAgentHome(scope);
  // Only where the tenant pays dividends (settings.dividend): the dividend page's API answers nothing else.
  const dividendScope = session && tenant.settings.dividend && !NO_DIVIDEND_TYPES.includes(session.type) ? scope : null;

  return (
    <div className="agent-home">
      <header className="agent-home__top">
        <div className="agent-home__bar">
          <Link className="icon-button" to={HOME_PATH} aria-label={t('back')}>
            <Icon name="chevron-right" className="icon--flip" />
          </Link>
          <h1 className="agent-home__title">{t('agent_home')}</h1>
          <span className="icon-button" aria-hidden="true" />
        </div>
        <Greeting userName={data?.userName ?? session?.userName ?? ''} />
        <div className="agent-home__wallet">
          <p className="agent-home__balance">
            <span className="agent-home__label">{t('total_balance')}</span>
            <span className="agent-home__amount" data-testid="agent-balance">
              {data ? moneyText(tenant.settings.currency.symbol, data.balance) : '\u00a0'}
            </span>
          </p>
          <div className="agent-home__actions">
            <Link className="agent-home__action" to={href('withdraw')}>
              {t('withdraw')}
            </Link>
            <Link className="agent-home__action agent-home__action--primary" to={href('voucherCenter')}>
              {t('deposit')}
            </Link>
          </div>
        </div>
      </header>
      <main className="agent-home__main">
        <section className="agent-home__counters" aria-label={t('agent_team_today')}>
          {COUNTERS.map(({ key, label }) => (
            <p key={key} className="agent-home__counter">
              <span className="agent-home__count" data-testid={`counter-${key}`}>
                {data ? data.footer[key] : '\u00a0'}
              </span>
              <span className="agent-home__counter-label">{t(label)}</span>
            </p>
          ))}
        </section>
        <DividendLine scope={dividendScope} />
        <div className="agent-home__grid">
          <Slot slot={tenant.screens.agent?.slots.grid} path="screens.agent.slots.grid" />
        </div>
      </main>
    </div>
  );
}
