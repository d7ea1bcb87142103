import { useRuntime } from '../../../lib/runtime';
import { Slot } from '../../../renderer';

/** /m/set: the tenant's settings list (change password, sign out). The route requires a session. */
export default function SettingsScreen() {
  const { tenant } = useRuntime();
  return (
    <main className="screen screen--settings">
      <Slot slot={tenant.screens.set?.slots.list} path="screens.set.slots.list" />
    </main>
  );
}
