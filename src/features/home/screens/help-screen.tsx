import { useLocation } from 'react-router-dom';
import { isHeaderHidden } from '../../../lib/layout-rules';
import { useRuntime } from '../../../lib/runtime';
import { Slot } from '../../../renderer';
import { PageBar } from '../../../components/page-bar';

/**
 * /m/help and /m/helpDetail: the tenant's help screen (the help-list widget; query i opens an
 * item). The shell hides its header on /m/help, so the screen draws its own bar there.
 */
export default function HelpScreen() {
  const { tenant } = useRuntime();
  const { pathname } = useLocation();
  return (
    <>
      {isHeaderHidden(pathname) ? (
        <header className="app-header app-header--page">
          <PageBar titleKey="help_center" />
        </header>
      ) : null}
      <main className="screen screen--help">
        <Slot slot={tenant.screens.help?.slots.main} path="screens.help.slots.main" />
      </main>
    </>
  );
}
