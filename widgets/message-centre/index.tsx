import { lazy, Suspense } from 'react';
import type { MessageCentreProps } from '../../src/generated/widgets/message-centre';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** The message centre. Its code loads with its screen, not with the first page. */
const Inbox = lazy(() => import('./message-centre'));

function MessageCentre(props: WidgetComponentProps<MessageCentreProps>) {
  return (
    <Suspense fallback={<div className="message-centre message-centre--loading" aria-hidden="true" />}>
      <Inbox {...props} />
    </Suspense>
  );
}

export default defineWidget<MessageCentreProps>({
  name: 'message-centre',
  version: '1.0.0',
  propsSchema,
  defaults: { pageSize: 20, markAll: true, allowDelete: true },
  component: MessageCentre,
});
