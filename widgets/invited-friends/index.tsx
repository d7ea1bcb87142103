import { lazy, Suspense } from 'react';
import type { InvitedFriendsProps } from '../../src/generated/widgets/invited-friends';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/** The member's invited friends and referral rewards. Its code loads with its screen, not with the first page. */
const List = lazy(() => import('./invited-friends'));

function InvitedFriends(props: WidgetComponentProps<InvitedFriendsProps>) {
  return (
    <Suspense fallback={null}>
      <List {...props} />
    </Suspense>
  );
}

export default defineWidget<InvitedFriendsProps>({
  name: 'invited-friends',
  version: '1.0.0',
  propsSchema,
  defaults: { pageSize: 20, rewardsTo: href('rewardCenter') },
  component: InvitedFriends,
});
