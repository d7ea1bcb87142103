import { lazy, Suspense } from 'react';
import type { TeamOverviewProps } from '../../src/generated/widgets/team-overview';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

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
  defaults: { membersTo: '/m/member/team', pnlTo: '/m/agent/team/pnl', betsTo: '/m/teamBetting' },
  component: TeamOverview,
});
