import { lazy, Suspense } from 'react';
import type { MissionRankingProps } from '../../src/generated/widgets/mission-ranking';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** Mission ranking: the week's points table. Its code loads with its screen, not with the first page. */
const Panel = lazy(() => import('./mission-ranking'));

function MissionRanking(props: WidgetComponentProps<MissionRankingProps>) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

export default defineWidget<MissionRankingProps>({
  name: 'mission-ranking',
  version: '1.0.0',
  propsSchema,
  defaults: { limit: 20 },
  component: MissionRanking,
});
