import { lazy, Suspense } from 'react';
import type { IdentityCheckProps } from '../../src/generated/widgets/identity-check';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** Identity verification (state, form, images). Its code loads with its screen, not with the first page. */
const Check = lazy(() => import('./identity-check'));

function IdentityCheck(props: WidgetComponentProps<IdentityCheckProps>) {
  return (
    <Suspense fallback={null}>
      <Check {...props} />
    </Suspense>
  );
}

export default defineWidget<IdentityCheckProps>({
  name: 'identity-check',
  version: '1.0.0',
  propsSchema,
  defaults: {},
  component: IdentityCheck,
});
