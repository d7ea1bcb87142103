import { lazy, Suspense } from 'react';
import type { SecurityHubProps } from '../../src/generated/widgets/security-hub';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** The security centre's hub. Its code loads with its screen, not with the first page. */
const Hub = lazy(() => import('./security-hub'));

function SecurityHub(props: WidgetComponentProps<SecurityHubProps>) {
  return (
    <Suspense fallback={null}>
      <Hub {...props} />
    </Suspense>
  );
}

export default defineWidget<SecurityHubProps>({
  name: 'security-hub',
  version: '1.0.0',
  propsSchema,
  defaults: { headIcon: true },
  component: SecurityHub,
});
