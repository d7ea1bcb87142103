import { lazy, Suspense } from 'react';
import type { WithdrawFormProps } from '../../src/generated/widgets/withdraw-form';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** Withdraw form (account, amount, fee, payment password). Its code loads with its screen, not with the first page. */
const Form = lazy(() => import('./withdraw-form'));

function WithdrawForm(props: WidgetComponentProps<WithdrawFormProps>) {
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
}

export default defineWidget<WithdrawFormProps>({
  name: 'withdraw-form',
  version: '1.0.0',
  propsSchema,
  defaults: { allButton: true },
  component: WithdrawForm,
});
