import './styles.css';
import { lazy, Suspense } from 'react';
import type { SelfExclusionProps } from '../../src/generated/widgets/self-exclusion';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** The form loads with its screen, never with the first page. */
const Form = lazy(() => import('./self-exclusion'));

function SelfExclusion({ timeout = true }: WidgetComponentProps<SelfExclusionProps>) {
  return (
    <Suspense fallback={<div className="self-exclusion self-exclusion--loading" aria-hidden="true" />}>
      <Form timeout={timeout} />
    </Suspense>
  );
}

export default defineWidget<SelfExclusionProps>({
  name: 'self-exclusion',
  version: '1.0.0',
  propsSchema,
  defaults: { timeout: true },
  component: SelfExclusion,
});
