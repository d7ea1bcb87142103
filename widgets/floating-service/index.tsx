import './styles.css';
import { lazy, Suspense } from 'react';
import type { FloatingServiceProps } from '../../src/generated/widgets/floating-service';
import { useRuntime } from '../../src/lib/runtime';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import { configuredContacts } from '../../src/components/contacts';
import propsSchema from './props.schema.json';

const Buttons = lazy(() => import('./floating-service'));

function FloatingService(_props: WidgetComponentProps<FloatingServiceProps>) {
  const { tenant, startup } = useRuntime();
  const contacts = configuredContacts(tenant.settings.contacts, startup.info?.contacts);
  if (contacts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Buttons contacts={contacts} />
    </Suspense>
  );
}

export default defineWidget<FloatingServiceProps>({
  name: 'floating-service',
  version: '1.0.0',
  propsSchema,
  defaults: {},
  component: FloatingService,
});
