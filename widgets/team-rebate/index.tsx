import { lazy, Suspense } from 'react';
import type { TeamRebateProps } from '../../src/generated/widgets/team-rebate';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** The team's rebates. Its code loads with its screen, not with the first page. */
const Report = lazy(() => import('./team-rebate'));

function TeamRebate(props: WidgetComponentProps<TeamRebateProps>) {
  return (
    <Suspense fallback={null}>
      <Report {...props} />
    </Suspense>
  );
}

export default defineWidget<TeamRebateProps>({
  name: 'team-rebate',
  version: '1.0.0',
  propsSchema,
  defaults: { pageSize: 20 },
  component: TeamRebate,
});
