import { lazy, Suspense } from 'react';
import type { AgentRebatesProps } from '../../src/generated/widgets/agent-rebates';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** Agent rebate settings. Its code loads with its screen, not with the first page. */
const Rates = lazy(() => import('./agent-rebates'));

function AgentRebates(props: WidgetComponentProps<AgentRebatesProps>) {
  return (
    <Suspense fallback={null}>
      <Rates {...props} />
    </Suspense>
  );
}

export default defineWidget<AgentRebatesProps>({
  name: 'agent-rebates',
  version: '1.0.0',
  propsSchema,
  defaults: { showOwn: true },
  component: AgentRebates,
});
