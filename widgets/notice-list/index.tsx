import './styles.css';
import { lazy, Suspense } from 'react';
import type { NoticeListProps } from '../../src/generated/widgets/notice-list';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** The list and the HTML sanitiser load with the notice screens, never with the first page. */
const List = lazy(() => import('./notice-list'));

function NoticeList({ kind = 'player' }: WidgetComponentProps<NoticeListProps>) {
  return (
    <Suspense fallback={<div className="notice-list notice-list--loading" aria-hidden="true" />}>
      <List kind={kind} />
    </Suspense>
  );
}

export default defineWidget<NoticeListProps>({
  name: 'notice-list',
  version: '1.0.0',
  propsSchema,
  defaults: { kind: 'player' },
  component: NoticeList,
});
