import { lazy, Suspense } from 'react';
import type { HeadIconProps } from '../../src/generated/widgets/head-icon';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** The member's head icon: the current picture and a new one's upload. Its code loads with its screen. */
const Editor = lazy(() => import('./head-icon'));

function HeadIcon(props: WidgetComponentProps<HeadIconProps>) {
  return (
    <Suspense fallback={null}>
      <Editor {...props} />
    </Suspense>
  );
}

export default defineWidget<HeadIconProps>({
  name: 'head-icon',
  version: '1.0.0',
  propsSchema,
  defaults: { size: 120 },
  component: HeadIcon,
});
