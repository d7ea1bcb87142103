import { lazy, Suspense } from 'react';
import type { TeamMembersProps } from '../../src/generated/widgets/team-members';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/** The agent's downline, searchable, drilling into sub-agents' teams. Its code loads with its screen. */
const Inner = lazy(() => import('./team-members'));

function TeamMembers(props: WidgetComponentProps<TeamMembersProps>) {
  return (
    <Suspense fallback={null}>
      <Inner {...props} />
    </Suspense>
  );
}

export default defineWidget<TeamMembersProps>({
  name: 'team-members',
  version: '1.0.0',
  propsSchema,
  defaults: { betsTo: href('teamBetting') },
  component: TeamMembers,
});
