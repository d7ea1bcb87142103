import { lazy, Suspense } from 'react';
import type { DepositFormProps } from '../../src/generated/widgets/deposit-form';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** Deposit form (channels, amount, preview). Its code loads with its screen, not with the first page. */
const Form = lazy(() => import('./deposit-form'));

function DepositForm(props: WidgetComponentProps<DepositFormProps>) {
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
}

export default defineWidget<DepositFormProps>({
  name: 'deposit-form',
  version: '1.0.0',
  propsSchema,
  defaults: { quickAmounts: true, preview: true },
  component: DepositForm,
});
