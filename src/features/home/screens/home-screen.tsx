import { useEffect, useRef } from 'react';
import { useSessionRenewal } from '../../../lib/api/session';
import { useMemberScope, useTenant } from '../../../lib/runtime';
import { Slot } from '../../../renderer';
import { useSticky } from '../../../components/use-sticky';

/**
 * Home: the shell draws the header and the footer; the page holds the extra top block (the
 * tenant's quick buttons, sticky once it nears the top) and then the tenant's home blocks in
 * their order (screens.home.slots.main: download bar, notice bar, banners, hot matches, jackpot,
 * winners, category menu, floating service buttons, announcement popup). Each block loads its
 * heavy parts lazily, so the first load stays within its budget.
 */
export function HomeScreen() {
  const tenant = useTenant();
  const topRef = useRef<HTMLDivElement>(null);
  const sticky = useSticky(topRef);

  // Spec: the home page scrolls to top on entry; members renew their session.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  useSessionRenewal(useMemberScope());

  return (
    <main className="screen screen--home">
      <div ref={topRef} className={sticky ? 'home-top home-top--sticky' : 'home-top'}>
        <Slot slot={tenant.screens.home.slots.quickButtons} path="screens.home.slots.quickButtons" />
      </div>
      <div className="home-blocks">
        <Slot slot={tenant.screens.home.slots.main} path="screens.home.slots.main" />
      </div>
    </main>
  );
}
