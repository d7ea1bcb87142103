import { lazy, Suspense } from 'react';
import type { InviteCardProps } from '../../src/generated/widgets/invite-card';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** The member's referral code, link, QR code and share. Its code loads with its screen, not with the first page. */
const Card = lazy(() => import('./invite-card'));

function InviteCard(props: WidgetComponentProps<InviteCardProps>) {
  return (
    <Suspense fallback={null}>
      <Card {...props} />
    </Suspense>
  );
}

export default defineWidget<InviteCardProps>({
  name: 'invite-card',
  version: '1.0.0',
  propsSchema,
  defaults: { qr: true, share: true },
  component: InviteCard,
});
