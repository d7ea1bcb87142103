import './styles.css';
import { lazy, Suspense } from 'react';
import type { HelpListProps } from '../../src/generated/widgets/help-list';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** The list and the HTML sanitiser load with the help screen, never with the first page. */
const List = lazy(() => import('./help-list'));

function HelpList(_props: WidgetComponentProps<HelpListProps>) {
  return (
    <Suspense fallback={<div className="help-list help-list--loading" aria-hidden="true" />}>
      <List />
    </Suspense>
  );
}

export default defineWidget<HelpListProps>({
  name: 'help-list',
  version: '1.0.0',
  propsSchema,
  defaults: {},
  component: HelpList,
});
