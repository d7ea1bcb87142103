import './styles.css';
import { lazy, Suspense } from 'react';
import type { HotMatchTickerProps } from '../../src/generated/widgets/hot-match-ticker';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** The ticker, its data and the popup load outside the first load. */
const View = lazy(() => import('./hot-match-ticker'));

function HotMatchTicker(_props: WidgetComponentProps<HotMatchTickerProps>) {
  return (
    <Suspense fallback={<div className="hot-match-ticker" aria-hidden="true" />}>
      <View />
    </Suspense>
  );
}

export default defineWidget<HotMatchTickerProps>({
  name: 'hot-match-ticker',
  version: '1.0.0',
  propsSchema,
  defaults: {},
  component: HotMatchTicker,
});
