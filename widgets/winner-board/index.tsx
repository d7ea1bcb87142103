import './styles.css';
import { lazy, Suspense } from 'react';
import type { WinnerBoardProps } from '../../src/generated/widgets/winner-board';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

const Board = lazy(() => import('./winner-board'));

function WinnerBoard(props: WidgetComponentProps<WinnerBoardProps>) {
  return (
    <Suspense fallback={<section className="winner-board winner-board--loading" aria-hidden="true" />}>
      <Board title={props.title ?? 'latest_winners'} />
    </Suspense>
  );
}

export default defineWidget<WinnerBoardProps>({
  name: 'winner-board',
  version: '1.0.0',
  propsSchema,
  defaults: { title: 'latest_winners' },
  component: WinnerBoard,
});
