import { lazy, Suspense } from 'react';
import type { TeamOverviewProps } from '../../src/generated/widgets/team-overview';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/** The agent's team figures over a range, direct downline and whole team. Its code loads with its screen. */
const Inner = lazy(() => import('./team-overview'));

function TeamOverview(props: WidgetComponentProps<TeamOverviewProps>) {
  return (
    <Suspense fallback={null}>
      <Inner {...props} />
    </Suspense>
  );
}

export default defineWidget<TeamOverviewProps>({
  name: 'team-overview',
  version: '1.0.0',
  propsSchema,
  defaults: { membersTo: href('memberTeam'), pnlTo: href('teamPnl'), betsTo: href('teamBetting') },
  component: TeamOverview,
});
