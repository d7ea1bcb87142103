import { lazy, Suspense } from 'react';
import type { RewardCenterProps } from '../../src/generated/widgets/reward-center';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/** Reward centre: the member's rewards and their claim. Its code loads with its screen, not with the first page. */
const Panel = lazy(() => import('./reward-center'));

function RewardCenter(props: WidgetComponentProps<RewardCenterProps>) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

export default defineWidget<RewardCenterProps>({
  name: 'reward-center',
  version: '1.0.0',
  propsSchema,
  defaults: { recordTo: href('transactionRecord'), tabs: ['claimable', 'claimed', 'expired'] },
  component: RewardCenter,
});
