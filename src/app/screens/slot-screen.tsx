import type { Screen } from '../../generated/tenant';
import type { SlotRouteDef } from '../../lib/routes';
import { useRuntime } from '../../lib/runtime';
import { Slot } from '../../renderer';
import { PageBar } from '../../components/page-bar';

export interface SlotScreenProps {
  route: SlotRouteDef;
}

/**
 * A screen that is only the tenant's node tree (`screens.<key>`): one slot in the page's main
 * element. Where the shell hides its header (login, register, help) the screen draws its own bar.
 */
export default function SlotScreen({ route }: SlotScreenProps) {
  const { tenant } = useRuntime();
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
