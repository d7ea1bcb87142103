import { lazy, Suspense } from 'react';
import type { WithdrawBlockersProps } from '../../src/generated/widgets/withdraw-blockers';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/** The "why can't I withdraw?" panel. Its code loads with its screen, not with the first page. */
const Panel = lazy(() => import('./withdraw-blockers'));

function WithdrawBlockers(props: WidgetComponentProps<WithdrawBlockersProps>) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

export default defineWidget<WithdrawBlockersProps>({
  name: 'withdraw-blockers',
  version: '1.0.0',
  propsSchema,
  defaults: { gamesTo: href('gameList') },
  component: WithdrawBlockers,
});
