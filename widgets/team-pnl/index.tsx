import { lazy, Suspense } from 'react';
import type { TeamPnlProps } from '../../src/generated/widgets/team-pnl';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/** The team's profit and loss by member or by category. Its code loads with its screen. */
const Inner = lazy(() => import('./team-pnl'));

function TeamPnl(props: WidgetComponentProps<TeamPnlProps>) {
  return (
    <Suspense fallback={null}>
      <Inner {...props} />
    </Suspense>
  );
}

export default defineWidget<TeamPnlProps>({
  name: 'team-pnl',
  version: '1.0.0',
  propsSchema,
  defaults: { betsTo: href('teamBetting') },
  component: TeamPnl,
});
