import './styles.css';
import { lazy, Suspense } from 'react';
import type { NoticeBarProps } from '../../src/generated/widgets/notice-bar';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/** Its data hooks load with it, outside the first load; the placeholder keeps the bar's height. */
const View = lazy(() => import('./notice-bar'));

function NoticeBar({ to = href('notice'), download = true }: WidgetComponentProps<NoticeBarProps>) {
  return (
    <Suspense fallback={<div className="notice-bar" aria-hidden="true" />}>
      <View to={to} download={download} />
    </Suspense>
  );
}

export default defineWidget<NoticeBarProps>({
  name: 'notice-bar',
  version: '1.0.0',
  propsSchema,
  defaults: { to: href('notice'), download: true },
  component: NoticeBar,
});
