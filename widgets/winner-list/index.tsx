import './styles.css';
import { lazy, Suspense } from 'react';
import type { WinnerListProps } from '../../src/generated/widgets/winner-list';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

const List = lazy(() => import('./winner-list'));

const PERIODS: NonNullable<WinnerListProps['periods']> = ['today', 'week', 'month'];

function WinnerList({ periods = PERIODS, limit = 20 }: WidgetComponentProps<WinnerListProps>) {
  return (
    <Suspense fallback={<section className="winner-list winner-list--loading" aria-hidden="true" />}>
      <List periods={periods} limit={limit} />
    </Suspense>
  );
}

export default defineWidget<WinnerListProps>({
  name: 'winner-list',
  version: '1.0.0',
  propsSchema,
  defaults: { periods: PERIODS, limit: 20 },
  component: WinnerList,
});
