import { useEffect } from 'react';
import { useRuntime } from '../../lib/runtime';
import { Slot } from '../../renderer';

/** Home: the header bar (logo, name, header menu) and the footer; the home blocks come in a later issue. */
export function HomeScreen() {
  const { tenant } = useRuntime();
  const { slots } = tenant.screens.shell;

  // Spec: the home page scrolls to top on entry.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <div className="screen screen--home screen--with-footer">
      <title>{tenant.brand.name}</title>
      <header className="app-header">
        <h1 className="app-header__brand">
          <img className="app-header__logo" src={`/m/brand/${tenant.brand.logo}`} alt="" height={32} />
          <span className="app-header__name">{tenant.brand.name}</span>
        </h1>
        <div className="app-header__actions">
          <Slot slot={slots.headerMenu} path="screens.shell.slots.headerMenu" />
        </div>
      </header>
      <main className="screen__main" />
      <Slot slot={slots.footer} path="screens.shell.slots.footer" />
    </div>
  );
}
