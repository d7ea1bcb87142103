import { lazy, Suspense } from 'react';
import { useGateContext, useMemberScope, useRuntimeState } from '../../lib/runtime';

// The SWR hooks behind the member data are not part of a visitor's first load.
import { NON_AGENT_TYPES } from '../../domain/member-types';

const MemberDataLoader = lazy(() => import('./member-data-loader'));

/** Member types that see agent pages (spec section 6: 0, 4 and 40 do not). */

/** Loads the logged-in member's data into the member store; nothing for a visitor. */
export function MemberDataHost() {
  const rewardCentre = useGateContext().flags.REWCEN3 === true;
  const scope = useMemberScope();
  const type = useRuntimeState((state) => state.session?.type);
  if (scope === null || type === undefined) return null;
  return (
    <Suspense fallback={null}>
      <MemberDataLoader scope={scope} rewardCentre={rewardCentre} agent={!NON_AGENT_TYPES.includes(type)} />
    </Suspense>
  );
}
