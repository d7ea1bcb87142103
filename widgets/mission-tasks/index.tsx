import { lazy, Suspense } from 'react';
import type { MissionTasksProps } from '../../src/generated/widgets/mission-tasks';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/** Mission tasks: join, progress and claim. Its code loads with its screen, not with the first page. */
const Panel = lazy(() => import('./mission-tasks'));

function MissionTasks(props: WidgetComponentProps<MissionTasksProps>) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

export default defineWidget<MissionTasksProps>({
  name: 'mission-tasks',
  version: '1.0.0',
  propsSchema,
  defaults: { playTo: href('gameList') },
  component: MissionTasks,
});
