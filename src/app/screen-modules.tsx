import type { ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import type { ScreenModuleId } from '../lib/routes';
import { HomeScreen } from '../features/home/screens/home-screen';
import { ReferralGuard } from './shell/guards';

/**
 * A screen with code: part of the first load, or loaded the first time its route opens (`files`:
 * its source modules, so that a server-rendered page can name the chunks it needs).
 */
export type ScreenModule = { Component: ComponentType } | { load: () => Promise<ComponentType>; files: readonly string[] };

/**
 * The screen modules the route manifest names, by id. Only home is in the first load; every
 * other screen is its own chunk, loaded by the router (route.lazy) before the route renders.
 */
export const SCREEN_MODULES: Readonly<Record<ScreenModuleId, ScreenModule>> = {
  home: { Component: HomeScreen },
  download: {
    load: async () => (await import('../features/home/screens/download-screen')).default,
    files: ['src/features/home/screens/download-screen.tsx'],
  },
  memberCentre: {
    load: async () => (await import('../features/account/screens/member-centre-screen')).default,
    files: ['src/features/account/screens/member-centre-screen.tsx'],
  },
  deposit: {
    load: async () => (await import('../features/wallet/screens/deposit-screen')).default,
    files: ['src/features/wallet/screens/deposit-screen.tsx'],
  },
  withdraw: {
    load: async () => (await import('../features/wallet/screens/withdraw-screen')).default,
    files: ['src/features/wallet/screens/withdraw-screen.tsx'],
  },
  securityCenter: {
    load: async () => (await import('../features/security/screens/security-centre-screen')).default,
    files: ['src/features/security/screens/security-centre-screen.tsx'],
  },
  transactionRecord: {
    load: async () => (await import('../features/records/screens/transaction-record-screen')).default,
    files: ['src/features/records/screens/transaction-record-screen.tsx'],
  },
  gameRecord: {
    load: async () => (await import('../features/records/screens/game-record-screen')).default,
    files: ['src/features/records/screens/game-record-screen.tsx'],
  },
  profitandloss: {
    load: async () => (await import('../features/records/screens/profit-and-loss-screen')).default,
    files: ['src/features/records/screens/profit-and-loss-screen.tsx'],
  },
  vouReport: {
    load: async () => (await import('../features/records/screens/deposit-record-screen')).default,
    files: ['src/features/records/screens/deposit-record-screen.tsx'],
  },
  withdrawReport: {
    load: async () => (await import('../features/records/screens/withdrawal-record-screen')).default,
    files: ['src/features/records/screens/withdrawal-record-screen.tsx'],
  },
  gameList: {
    load: async () => (await import('../features/games/screens/game-list-screen')).default,
    files: ['src/features/games/screens/game-list-screen.tsx'],
  },
  launchGame: {
    load: async () => (await import('../features/games/screens/launch-screen')).default,
    files: ['src/features/games/screens/launch-screen.tsx'],
  },
  // /m/startLottery with a vendor starts that lottery (the frame route's parameters); without one it lists lotteries.
  startLottery: {
    load: async () => {
      const [{ default: LaunchScreen }, { default: GameListScreen }] = await Promise.all([
        import('../features/games/screens/launch-screen'),
        import('../features/games/screens/game-list-screen'),
      ]);
      return function StartLottery() {
        const { search } = useLocation();
        return new URLSearchParams(search).get('vendor') ? <LaunchScreen /> : <GameListScreen />;
      };
    },
    files: ['src/features/games/screens/launch-screen.tsx', 'src/features/games/screens/game-list-screen.tsx'],
  },
  manualRebate: {
    load: async () => (await import('../features/records/screens/manual-rebate-screen')).default,
    files: ['src/features/records/screens/manual-rebate-screen.tsx'],
  },
  rebateReport: {
    load: async () => (await import('../features/records/screens/rebate-report-screen')).default,
    files: ['src/features/records/screens/rebate-report-screen.tsx'],
  },
  rewardCenter: {
    load: async () => (await import('../features/engagement/screens/reward-center-screen')).default,
    files: ['src/features/engagement/screens/reward-center-screen.tsx'],
  },
  leaderBoard: {
    load: async () => (await import('../features/engagement/screens/leader-board-screen')).default,
    files: ['src/features/engagement/screens/leader-board-screen.tsx'],
  },
  uplineTransfer: {
    load: async () => (await import('../features/records/screens/upline-transfer-screen')).default,
    files: ['src/features/records/screens/upline-transfer-screen.tsx'],
  },
  webEmail: {
    load: async () => (await import('../features/engagement/screens/message-centre-screen')).default,
    files: ['src/features/engagement/screens/message-centre-screen.tsx'],
  },
  inviteFriends: {
    load: async () => {
      const { default: InviteFriendsScreen } = await import('../features/engagement/screens/invite-friends-screen');
      return function InviteFriends() {
        return (
          <ReferralGuard>
            <InviteFriendsScreen />
          </ReferralGuard>
        );
      };
    },
    files: ['src/features/engagement/screens/invite-friends-screen.tsx'],
  },
  limits: {
    load: async () => (await import('../features/protection/screens/limits-screen')).default,
    files: ['src/features/protection/screens/limits-screen.tsx'],
  },
  statement: {
    load: async () => (await import('../features/protection/screens/statement-screen')).default,
    files: ['src/features/protection/screens/statement-screen.tsx'],
  },
  feedback: {
    load: async () => (await import('../features/engagement/screens/feedback-screen')).default,
    files: ['src/features/engagement/screens/feedback-screen.tsx'],
  },
  agentHome: {
    load: async () => (await import('../features/agent/screens/agent-home-screen')).default,
    files: ['src/features/agent/screens/agent-home-screen.tsx'],
  },
  redRain: {
    load: async () => (await import('../features/agent/screens/red-rain-screen')).default,
    files: ['src/features/agent/screens/red-rain-screen.tsx'],
  },
  maintenance: {
    load: async () => {
      const { default: StatusView } = await import('./shell/status-views');
      return function MaintenanceScreen() {
        return <StatusView view="maintenance" />;
      };
    },
    files: ['src/app/shell/status-views.tsx'],
  },
};
