import { lazy, Suspense } from 'react';
import type { PaymentPasswordProps } from '../../src/generated/widgets/payment-password';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** Set, change or reset the payment password. Its code loads with its screen, not with the first page. */
const Form = lazy(() => import('./payment-password'));

function PaymentPassword(props: WidgetComponentProps<PaymentPasswordProps>) {
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
}

export default defineWidget<PaymentPasswordProps>({
  name: 'payment-password',
  version: '1.0.0',
  propsSchema,
  defaults: { reset: true },
  component: PaymentPassword,
});
