import { lazy, Suspense } from 'react';
import type { TeamBetsProps } from '../../src/generated/widgets/team-bets';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** The bets of the agent's team, filtered by member and category. Its code loads with its screen. */
const Inner = lazy(() => import('./team-bets'));

function TeamBets(props: WidgetComponentProps<TeamBetsProps>) {
  return (
    <Suspense fallback={null}>
      <Inner {...props} />
    </Suspense>
  );
}

export default defineWidget<TeamBetsProps>({
  name: 'team-bets',
  version: '1.0.0',
  propsSchema,
  defaults: {},
  component: TeamBets,
});
