import { lazy, Suspense } from 'react';
import type { ActivityStatementProps } from '../../src/generated/widgets/activity-statement';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/** Activity statement per month with its CSV download. Its code loads with its screen. */
const Panel = lazy(() => import('./activity-statement'));

function ActivityStatement(props: WidgetComponentProps<ActivityStatementProps>) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

export default defineWidget<ActivityStatementProps>({
  name: 'activity-statement',
  version: '1.0.0',
  propsSchema,
  defaults: { months: 6, limitsTo: href('limits') },
  component: ActivityStatement,
});
