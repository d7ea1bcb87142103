/**
 * The member centre's two slots (tiles and list) rendered two ways with the same providers, for
 * `npm run bench -- renderer` (bench only, never shipped): from the tenant's node tree through the
 * real renderer and widget registry (<Slot>), and as the equivalent hand-written component tree a
 * developer would write without a tenant file (the same widget components, props in the code, the
 * gates as plain conditions). Loaded through Vite's SSR module loader, rendered with React's
 * server renderToString, as the server renders pages.
 */
import { useState, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import type { Tenant } from '../src/generated/tenant';
import type { AppConfig } from '../src/lib/app-config';
import { createTranslator, I18nProvider } from '../src/lib/i18n';
import { RuntimeProvider, useGateContext } from '../src/lib/runtime';
import { RendererProvider, Slot } from '../src/renderer';
import en from '../locales/en.json';
import ty from '../locales/ty.json';
import { registry } from '../widgets/registry';

type Props = Record<string, unknown>;
// The widgets' components, taken once (a hand-written screen imports them).
const TileGrid = registry['tile-grid'].component as (p: Props) => ReactNode;
const MenuList = registry['menu-list'].component as (p: Props) => ReactNode;
const NavItem = registry['nav-item'].component as (p: Props) => ReactNode;

function Providers({ tenant, children }: { tenant: Tenant; children: ReactNode }) {
  const [config] = useState<AppConfig>(() => ({ tenant, startup: {} }));
  const [i18n] = useState(() => {
    const t = createTranslator('fil', 'en');
    t.addResourceBundle('fil', ty);
    t.addResourceBundle('en', en);
    return t;
  });
  return (
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/m/mine']}>
        <RuntimeProvider config={config} navigate={() => {}} install="browser">
          <RendererProvider mode="production" registry={registry}>
            {children}
          </RendererProvider>
        </RuntimeProvider>
      </MemoryRouter>
    </I18nProvider>
  );
}

/** The member centre's slots from the tenant's node tree. */
function FromNodeTree({ tenant }: { tenant: Tenant }) {
  const screen = tenant.screens.mine;
  return (
    <main className="mc-main">
      <div className="mc-tiles">
        <Slot slot={screen.slots.tiles} path="screens.mine.slots.tiles" />
      </div>
      <div className="mc-list">
        <Slot slot={screen.slots.list} path="screens.mine.slots.list" />
      </div>
    </main>
  );
}

/** The same slots written by hand: _base's member centre items, gates as conditions. */
function HandWritten() {
  const { flags, settings, memberType, hasUpline, promos, install } = useGateContext();
  const agentType = memberType !== null && ![0, 4, 40].includes(memberType);
  const canTransferUp = flags.AGETRANSFERUP3 === true && hasUpline && memberType !== null && memberType !== 2;
  return (
    <main className="mc-main">
      <div className="mc-tiles">
        <TileGrid columns={4}>
          {[
            <NavItem key="deposit" label="deposit" to="/m/voucherCenter" icon="deposit" protected />,
            flags.TRANSBETREPMEM3 === true && <NavItem key="gameRecord" label="betting_record" to="/m/gameRecord" icon="bet" protected />,
            flags.TRANSREC3 === true && <NavItem key="transactionRecord" label="account_record" to="/m/transaction/record" icon="record" protected />,
            <NavItem key="securityCenter" label="security_center" to="/m/securityCenter" icon="shield" protected />,
            Boolean(settings.vipBenefit) && <NavItem key="vip" label="vip_benefits" to="/m/member/benefits" icon="vip" protected />,
            !['app', 'webclip', 'pwa'].includes(install) && <NavItem key="download" label="download_app" action="download" icon="download" />,
          ].filter(Boolean)}
        </TileGrid>
      </div>
      <div className="mc-list">
        <MenuList variant="card">
          {[
            flags.REWCEN3 === true && <NavItem key="rewardCenter" label="reward_center" to="/m/rewardCenter" icon="gift" badge="unclaimedPromotions" protected />,
            <NavItem key="referral" label="referral" action="referral" icon="invite" protected />,
            agentType && <NavItem key="agent" label="agency" to="/m/agent" icon="agent" protected />,
            flags.DEPRECM3 === true && <NavItem key="vouReport" label="deposit_record" to="/m/vouReport" icon="record" protected />,
            flags.WITHREC3 === true && <NavItem key="withdrawReport" label="withdraw_record" to="/m/withdrawReport" icon="record" protected />,
            flags.TRANSREC3 === true && <NavItem key="transactionRecord" label="account_record" to="/m/transaction/record" icon="record" protected />,
            flags.TRANSBETREPMEM3 === true && <NavItem key="gameRecord" label="betting_record" to="/m/gameRecord" icon="bet" protected />,
            flags.PERSREP === true && <NavItem key="profitandloss" label="profit_and_loss" to="/m/profitandloss" icon="chart" protected />,
            canTransferUp && <NavItem key="uplineTransfer" label="upline_transfer" to="/m/upLine/transfer" icon="transfer" protected />,
            flags.MANPLAYREB3 === true && <NavItem key="manualRebate" label="single_cash_back" to="/m/member/manualRebate" icon="cashback" protected />,
            promos.includes('MISSION') && <NavItem key="leaderBoard" label="mission_activity" to="/m/leaderBoard" icon="trophy" protected />,
            flags.PLYRBT === true && <NavItem key="rebateReport" label="rebate_report" to="/m/member/rebateReport" icon="rebate" protected />,
            flags.MAILCEN === true && <NavItem key="webEmail" label="message_center" to="/m/webEmail" icon="mail" badge="unreadMessages" protected />,
            <NavItem key="onlineService" label="online_service" action="customerService" icon="service" />,
            install !== 'app' && <NavItem key="download" label="download_app" action="download" icon="download" />,
            flags.FEEDBACK3 === true && <NavItem key="feedback" label="feedback" to="/m/feedback" icon="feedback" protected />,
            <NavItem key="responsibleGaming" label="rg_title" to="/m/responsibleGaming" icon="shield" />,
          ].filter(Boolean)}
        </MenuList>
      </div>
    </main>
  );
}

export function renderNodeTree(tenant: Tenant): string {
  return renderToString(
    <Providers tenant={tenant}>
      <FromNodeTree tenant={tenant} />
    </Providers>,
  );
}

export function renderHandWritten(tenant: Tenant): string {
  return renderToString(
    <Providers tenant={tenant}>
      <HandWritten />
    </Providers>,
  );
}
