import { lazy, Suspense } from 'react';
import type { AgentContractProps } from '../../src/generated/widgets/agent-contract';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** The contract page. Its code loads with its screen, not with the first page. */
const Page = lazy(() => import('./agent-contract'));

function AgentContract(props: WidgetComponentProps<AgentContractProps>) {
  return (
    <Suspense fallback={null}>
      <Page {...props} />
    </Suspense>
  );
}

export default defineWidget<AgentContractProps>({
  name: 'agent-contract',
  version: '1.0.0',
  propsSchema,
  defaults: { kind: 'salary' },
  component: AgentContract,
});
