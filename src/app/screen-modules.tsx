import type { ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import type { ScreenModuleId } from '../lib/routes';
import { HomeScreen } from '../features/home/screens/home-screen';

/** A screen with code: part of the first load, or loaded the first time its route opens. */
export type ScreenModule = { Component: ComponentType } | { load: () => Promise<ComponentType> };

/**
 * The screen modules the route manifest names, by id. Only home is in the first load; every
 * other screen is its own chunk, loaded by the router (route.lazy) before the route renders.
 */
export const SCREEN_MODULES: Readonly<Record<ScreenModuleId, ScreenModule>> = {
  home: { Component: HomeScreen },
  memberCentre: { load: async () => (await import('../features/account/screens/member-centre-screen')).default },
  gameList: { load: async () => (await import('../features/games/screens/game-list-screen')).default },
  launchGame: { load: async () => (await import('../features/games/screens/launch-screen')).default },
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
  },
  maintenance: {
    load: async () => {
      const { default: StatusView } = await import('./shell/status-views');
      return function MaintenanceScreen() {
        return <StatusView view="maintenance" />;
      };
    },
  },
};
