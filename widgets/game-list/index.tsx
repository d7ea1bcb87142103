import { lazy, Suspense } from 'react';
import type { GameListProps } from '../../src/generated/widgets/game-list';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** The game list (spec section 2, game lists). Its code loads with the game-list screens, not with the first page. */
const List = lazy(() => import('./game-list'));

function GameList(props: WidgetComponentProps<GameListProps>) {
  return (
    <Suspense fallback={null}>
      <List {...props} />
    </Suspense>
  );
}

export default defineWidget<GameListProps>({
  name: 'game-list',
  version: '1.0.0',
  propsSchema,
  defaults: {
    gameType: 'RNG',
    quickTabs: ['recent', 'favourites', 'hot'],
    search: true,
    filter: true,
    vendorsPerView: 4,
    minBetOptions: [0.01, 0.05, 0.1, 0.5, 0.75],
    freePlay: false,
    categoryLinks: [],
  },
  component: GameList,
});
