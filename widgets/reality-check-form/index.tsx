import './styles.css';
import { lazy, Suspense } from 'react';
import type { RealityCheckFormProps } from '../../src/generated/widgets/reality-check-form';
import { defineWidget } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** The form loads with its screen, never with the first page. */
const Form = lazy(() => import('./reality-check-form'));

function RealityCheckForm() {
  return (
    <Suspense fallback={<div className="reality-check-form reality-check-form--loading" aria-hidden="true" />}>
      <Form />
    </Suspense>
  );
}

export default defineWidget<RealityCheckFormProps>({
  name: 'reality-check-form',
  version: '1.0.0',
  propsSchema,
  defaults: {},
  component: RealityCheckForm,
});
