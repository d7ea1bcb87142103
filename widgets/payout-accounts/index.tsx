import { lazy, Suspense } from 'react';
import type { PayoutAccountsProps } from '../../src/generated/widgets/payout-accounts';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/** Payout accounts (list, add, remove). Its code loads with its screen, not with the first page. */
const Accounts = lazy(() => import('./payout-accounts'));

function PayoutAccounts(props: WidgetComponentProps<PayoutAccountsProps>) {
  return (
    <Suspense fallback={null}>
      <Accounts {...props} />
    </Suspense>
  );
}

export default defineWidget<PayoutAccountsProps>({
  name: 'payout-accounts',
  version: '1.0.0',
  propsSchema,
  defaults: { identityPath: href('securityCenter', { view: 'identity' }) },
  component: PayoutAccounts,
});
