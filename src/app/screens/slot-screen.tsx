import type { Screen } from '../../generated/tenant';
import type { SlotRouteDef } from '../../lib/routes';
import { useSessionRenewal } from '../../lib/api/session';
import { useMemberScope, useRuntime } from '../../lib/runtime';
import { Slot } from '../../renderer';
import { PageBar } from '../../components/page-bar';

export interface SlotScreenProps {
  route: SlotRouteDef;
}

/**
 * A screen that is only the tenant's node tree (`screens.<key>`): one slot in the page's main
 * element. Where the shell hides its header (login, register, help) the screen draws its own bar.
 * A route marked `renew` renews the member's session once on entry; the member's data loads after
 * hydration, the server paints the frame.
 */
export default function SlotScreen({ route }: SlotScreenProps) {
  const { tenant } = useRuntime();
  const scope = useMemberScope();
  useSessionRenewal(route.renew ? scope : null);
  const screen: Screen | undefined = tenant.screens[route.screen];
  const slot = route.slot ?? 'main';
  return (
    <>
      {route.header === false ? (
        <header className="app-header app-header--page">
          <PageBar titleKey={route.title} />
        </header>
      ) : null}
      <main className={`screen ${route.className ?? `screen--${route.screen}`}`}>
        <Slot slot={screen?.slots[slot]} path={`screens.${route.screen}.slots.${slot}`} />
      </main>
    </>
  );
}
