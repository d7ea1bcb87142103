import { lazy, Suspense } from 'react';
import type { AgentAccountFormProps } from '../../src/generated/widgets/agent-account-form';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** Open accounts. Its code loads with its screen, not with the first page. */
const Form = lazy(() => import('./agent-account-form'));

function AgentAccountForm(props: WidgetComponentProps<AgentAccountFormProps>) {
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
}

export default defineWidget<AgentAccountFormProps>({
  name: 'agent-account-form',
  version: '1.0.0',
  propsSchema,
  defaults: { agents: true },
  component: AgentAccountForm,
});
