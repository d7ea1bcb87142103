import { lazy, Suspense } from 'react';
import type { FeedbackFormProps } from '../../src/generated/widgets/feedback-form';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** The feedback form and history. Its code loads with its screen, not with the first page. */
const Form = lazy(() => import('./feedback-form'));

function FeedbackForm(props: WidgetComponentProps<FeedbackFormProps>) {
  return (
    <Suspense fallback={<div className="feedback-form feedback-form--loading" aria-hidden="true" />}>
      <Form {...props} />
    </Suspense>
  );
}

export default defineWidget<FeedbackFormProps>({
  name: 'feedback-form',
  version: '1.0.0',
  propsSchema,
  defaults: { images: true, history: true },
  component: FeedbackForm,
});
