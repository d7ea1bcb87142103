import { lazy, Suspense } from 'react';
import type { LimitsPanelProps } from '../../src/generated/widgets/limits-panel';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/** My limits: each protection limit with what remains, pending changes and the form. Its code loads with its screen. */
const Panel = lazy(() => import('./limits-panel'));

function LimitsPanel(props: WidgetComponentProps<LimitsPanelProps>) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

export default defineWidget<LimitsPanelProps>({
  name: 'limits-panel',
  version: '1.0.0',
  propsSchema,
  defaults: { kinds: ['deposit', 'loss', 'wager', 'session'], statementTo: href('statement') },
  component: LimitsPanel,
});
