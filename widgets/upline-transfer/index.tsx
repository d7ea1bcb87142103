import { lazy, Suspense } from 'react';
import type { UplineTransferProps } from '../../src/generated/widgets/upline-transfer';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/** Transfer to upline form. Its code loads with its screen, not with the first page. */
const Form = lazy(() => import('./upline-transfer'));

function UplineTransfer(props: WidgetComponentProps<UplineTransferProps>) {
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
}

export default defineWidget<UplineTransferProps>({
  name: 'upline-transfer',
  version: '1.0.0',
  propsSchema,
  defaults: { allButton: true, recordTo: href('transactionRecord') },
  component: UplineTransfer,
});
