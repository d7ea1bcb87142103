import { lazy, Suspense } from 'react';
import type { BetRecordsProps } from '../../src/generated/widgets/bet-records';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/**
 * The betting record (range, category filter, totals, the bets and each round's detail). Its code
 * loads with its screen, not with the first page.
 */
const Inner = lazy(() => import('./bet-records'));

function BetRecords(props: WidgetComponentProps<BetRecordsProps>) {
  return (
    <Suspense fallback={null}>
      <Inner {...props} />
    </Suspense>
  );
}

export default defineWidget<BetRecordsProps>({
  name: 'bet-records',
  version: '1.0.0',
  propsSchema,
  defaults: { playTo: href('gameList') },
  component: BetRecords,
});
