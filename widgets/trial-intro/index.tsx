import './styles.css';
import { lazy, Suspense } from 'react';
import type { TrialIntroProps } from '../../src/generated/widgets/trial-intro';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** The page's code loads with its screen, never with the first page. */
const Intro = lazy(() => import('./trial-intro'));

function TrialIntro({ register = true }: WidgetComponentProps<TrialIntroProps>) {
  return (
    <Suspense fallback={<div className="trial-intro trial-intro--loading" aria-hidden="true" />}>
      <Intro register={register} />
    </Suspense>
  );
}

export default defineWidget<TrialIntroProps>({
  name: 'trial-intro',
  version: '1.0.0',
  propsSchema,
  defaults: { register: true },
  component: TrialIntro,
});
