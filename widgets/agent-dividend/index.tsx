import { lazy, Suspense } from 'react';
import type { AgentDividendProps } from '../../src/generated/widgets/agent-dividend';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/** The dividend page. Its code loads with its screen, not with the first page. */
const Page = lazy(() => import('./agent-dividend'));

function AgentDividend(props: WidgetComponentProps<AgentDividendProps>) {
  return (
    <Suspense fallback={null}>
      <Page {...props} />
    </Suspense>
  );
}

export default defineWidget<AgentDividendProps>({
  name: 'agent-dividend',
  version: '1.0.0',
  propsSchema,
  defaults: { contractTo: href('dividendContract') },
  component: AgentDividend,
});
