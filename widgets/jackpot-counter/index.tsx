import './styles.css';
import { lazy, Suspense } from 'react';
import type { JackpotCounterProps } from '../../src/generated/widgets/jackpot-counter';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/** The counter follows the server's jackpot; its code and data hook load outside the first load. */
const Counter = lazy(() => import('./jackpot-counter').then((m) => ({ default: m.LiveJackpotView })));

function JackpotCounter(props: WidgetComponentProps<JackpotCounterProps>) {
  return (
    <Suspense fallback={<div className="jackpot-counter jackpot-counter--loading" aria-hidden="true" />}>
      <Counter to={props.to ?? href('winnerPage')} title={props.title ?? 'jackpot'} />
    </Suspense>
  );
}

export default defineWidget<JackpotCounterProps>({
  name: 'jackpot-counter',
  version: '1.0.0',
  propsSchema,
  defaults: { to: href('winnerPage'), title: 'jackpot' },
  component: JackpotCounter,
});
