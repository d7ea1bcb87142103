import './styles.css';
import { lazy, Suspense } from 'react';
import type { ResponsibleGamingProps } from '../../src/generated/widgets/responsible-gaming';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** The page's tools load with their screen, never with the first page. */
const Tools = lazy(() => import('./responsible-gaming'));

function ResponsibleGaming({ assessment = true, threshold = 2, helplines = true, tools = true }: WidgetComponentProps<ResponsibleGamingProps>) {
  return (
    <Suspense fallback={<div className="responsible-gaming responsible-gaming--loading" aria-hidden="true" />}>
      <Tools assessment={assessment} threshold={threshold} helplines={helplines} tools={tools} />
    </Suspense>
  );
}

export default defineWidget<ResponsibleGamingProps>({
  name: 'responsible-gaming',
  version: '1.0.0',
  propsSchema,
  defaults: { assessment: true, threshold: 2, helplines: true, tools: true },
  component: ResponsibleGaming,
});
