import { lazy, Suspense } from 'react';
import type { PromotionDetailProps } from '../../src/generated/widgets/promotion-detail';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/** One promotion and its action. Its code loads with its screen, not with the first page. */
const Panel = lazy(() => import('./promotion-detail'));

function PromotionDetail(props: WidgetComponentProps<PromotionDetailProps>) {
  return (
    <Suspense fallback={<div className="promotion-detail promotion-detail--loading" aria-busy="true" />}>
      <Panel {...props} />
    </Suspense>
  );
}

export default defineWidget<PromotionDetailProps>({
  name: 'promotion-detail',
  version: '1.0.0',
  propsSchema,
  defaults: {
    rewardsTo: href('rewardCenter'),
    nextSteps: {
      REFERRAL: { to: href('inviteFriends'), label: 'invite_friends' },
      MISSION: { to: href('leaderBoard'), label: 'leaderboard' },
      DEPOSIT: { to: href('voucherCenter'), label: 'deposit' },
    },
  },
  component: PromotionDetail,
});
