import type { ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { routeById, type ScreenModuleId, type SlotRouteDef } from '../lib/routes';
import { HomeScreen } from '../features/home/screens/home-screen';
import { ReferralGuard } from './shell/guards';

/**
 * A screen with code: part of the first load, or loaded the first time its route opens (`files`:
 * its source modules, so that a server-rendered page can name the chunks it needs).
 */
export type ScreenModule = { Component: ComponentType } | { load: () => Promise<ComponentType>; files: readonly string[] };

/** Invite friends as a slot route: the tenant's `screens.inviteFriends`, renewing the session on entry. */
const INVITE_FRIENDS: SlotRouteDef = { id: 'inviteFriends', path: routeById('inviteFriends').path, title: routeById('inviteFriends').title, screen: 'inviteFriends', renew: true };

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
  securityCenter: {
    load: async () => (await import('../features/security/screens/security-centre-screen')).default,
    files: ['src/features/security/screens/security-centre-screen.tsx'],
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
  // The tenant's node tree, as every slot route, behind the REFERRAL promotion's check.
  inviteFriends: {
    load: async () => {
      const { default: SlotScreen } = await import('./screens/slot-screen');
      return function InviteFriends() {
        return (
          <ReferralGuard>
            <SlotScreen route={INVITE_FRIENDS} />
          </ReferralGuard>
        );
      };
    },
    files: ['src/app/screens/slot-screen.tsx'],
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
