import { useLocation } from 'react-router-dom';
import { isHeaderHidden } from '../../../lib/layout-rules';
import { useRuntime } from '../../../lib/runtime';
import { Slot } from '../../../renderer';
import { ROUTE_TITLES } from '../../../app/route-titles';
import { PageBar } from '../../../components/page-bar';

export type FormScreenId = 'login' | 'register' | 'forget' | 'changePsw';

/**
 * Login, register, forgot and change password: the tenant's node tree for the screen (the form
 * widgets). Where the shell hides its header (login, register) the screen draws its own bar.
 */
export default function FormScreen({ screen }: { screen: FormScreenId }) {
  const { tenant } = useRuntime();
  const { pathname } = useLocation();
  return (
    <>
      {isHeaderHidden(pathname) ? (
        <header className="app-header app-header--page">
          <PageBar titleKey={ROUTE_TITLES[screen]} />
        </header>
      ) : null}
      <main className={`screen screen--form screen--${screen}`}>
        <Slot slot={tenant.screens[screen]?.slots.main} path={`screens.${screen}.slots.main`} />
      </main>
    </>
  );
}
