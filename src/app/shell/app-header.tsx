import { useTranslation } from '../../lib/i18n';
import { Link, useLocation } from 'react-router-dom';
import { Icon } from '../../components/icons';
import { moneyText } from '../../domain/money';
import { headerTitleKey, isHome } from '../../lib/layout-rules';
import { href, routeFor } from '../../lib/routes';
import { LOGIN_PATH, REGISTER_PATH, useBalanceHidden, useGateContext, useRuntimeActions, useRuntimeState, useTenant } from '../../lib/runtime';
import { Slot } from '../../renderer';
import { ROUTE_TITLES } from '../route-titles';
import { LanguageSwitcher } from './language-switcher';
import { refreshMemberWallet, useMemberState } from '../../features/account';
import { PageBar } from '../../components/page-bar';

/** The title key of a page's header: the spec's header title, else the route title. */
export function pageTitleKey(pathname: string, firstTimeLogin = false) {
  const explicit = headerTitleKey(pathname, { firstTimeLogin });
  if (explicit) return explicit;
  const route = routeFor(pathname);
  return route ? ROUTE_TITLES[route.id as keyof typeof ROUTE_TITLES] : ROUTE_TITLES.home;
}

/** Logged in on home: account, total balance (refresh, hide), deposit shortcut. */
function MemberStrip() {
  const { t } = useTranslation();
  const { dispatch } = useRuntimeActions();
  const userName = useRuntimeState((state) => state.session?.userName);
  const wallet = useMemberState((data) => data.wallet);
  const walletLoading = useMemberState((data) => data.walletLoading);
  const hidden = useBalanceHidden();
  const balanceText = hidden ? '****' : walletLoading || !wallet ? '--' : moneyText(wallet.currencySymbol, wallet.sumBalance);
  return (
    <div className="header-strip header-strip--member">
      <div className="header-strip__account">
        <span className="header-strip__name">{userName}</span>
        <span className="header-strip__balance">
          <span className="visually-hidden">{t('total_balance')}</span>
          <output className="header-strip__amount" aria-busy={walletLoading} data-testid="header-balance">
            {balanceText}
          </output>
        </span>
      </div>
      <button
        type="button"
        className="icon-button"
        aria-label={t('refresh_balance')}
        disabled={walletLoading}
        onClick={() => void refreshMemberWallet()}
      >
        <Icon name="refresh" className={walletLoading ? 'icon--spin' : undefined} />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={t(hidden ? 'show_balance' : 'hide_balance')}
        aria-pressed={hidden}
        onClick={() => dispatch('toggleBalance')}
      >
        <Icon name={hidden ? 'eye-off' : 'eye'} />
      </button>
      <Link className="pill pill--accent" to={href('voucherCenter')}>
        <Icon name="deposit" />
        <span>{t('deposit')}</span>
      </Link>
    </div>
  );
}

/** Logged out on home: log in, and register when DIRECTREG3 is on. */
function VisitorStrip() {
  const { t } = useTranslation();
  const gateContext = useGateContext();
  return (
    <div className="header-strip header-strip--visitor">
      <Link className="pill pill--light" to={LOGIN_PATH}>
        <Icon name="login" />
        <span>{t('login')}</span>
      </Link>
      {gateContext.flags.DIRECTREG3 === true ? (
        <Link className="pill pill--accent" to={REGISTER_PATH}>
          <Icon name="register" />
          <span>{t('register')}</span>
        </Link>
      ) : null}
    </div>
  );
}

function MessageIcon() {
  const { t } = useTranslation();
  const unreadMessages = useMemberState((data) => data.unreadMessages);
  return (
    <Link className="icon-button header-message" to={href('webEmail')} aria-label={t('message_center')}>
      <Icon name="mail" />
      {unreadMessages > 0 ? (
        <span className="header-message__dot" data-testid="unread-dot">
          <span className="visually-hidden">{unreadMessages}</span>
        </span>
      ) : null}
    </Link>
  );
}

function HomeHeader() {
  const tenant = useTenant();
  const session = useRuntimeState((state) => state.session !== null);
  // The message centre is MAILCEN's: without it the icon would lead home.
  const mail = useGateContext().flags.MAILCEN === true;
  return (
    <header className="app-header app-header--home">
      <div className="app-header__row">
        <h1 className="app-header__brand">
          <img className="app-header__logo" src={`/m/brand/${tenant.brand.logo}`} alt="" height={32} />
          <span className="app-header__name">{tenant.brand.name}</span>
        </h1>
        <div className="app-header__actions">
          {session && mail ? <MessageIcon /> : null}
          <LanguageSwitcher />
          <Slot slot={tenant.screens.shell.slots.headerMenu} path="screens.shell.slots.headerMenu" />
        </div>
      </div>
      {session ? <MemberStrip /> : <VisitorStrip />}
    </header>
  );
}

/** The app header: home's brand header, or a back arrow with the page title elsewhere. */
export function AppHeader() {
  const { pathname } = useLocation();
  const firstTimeLogin = useRuntimeState((state) => state.session?.firstTimeLogin === true);
  if (isHome(pathname)) return <HomeHeader />;
  return (
    <header className="app-header app-header--page">
      <PageBar titleKey={pageTitleKey(pathname, firstTimeLogin)} />
    </header>
  );
}

