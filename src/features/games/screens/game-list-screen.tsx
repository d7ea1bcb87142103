import { useLocation } from 'react-router-dom';
import { useRuntime } from '../../../lib/runtime';
import { Slot } from '../../../renderer';

/**
 * The game-list routes (/m/gameList?gameType=, /m/gameLobby, /m/gameCenter, /m/slotsCenter?vassalage=,
 * /m/lottery, /m/moreLottery): the tenant's game-list node tree. A new category or vendor in the
 * query starts a fresh list (the key), so a link from the filter panel never shows the old tabs.
 */
export default function GameListScreen() {
  const { tenant } = useRuntime();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const key = `${pathname}|${params.get('gameType') ?? ''}|${params.get('vassalage') ?? ''}`;
  return (
    <main key={key} className="screen screen--game-list">
      <Slot slot={tenant.screens.gameList?.slots.main} path="screens.gameList.slots.main" />
    </main>
  );
}
