import '../styles/shell.css';
import { useMemo } from 'react';
import type { AppConfig } from '../lib/app-config';
import { startupView } from '../lib/layout-rules';
import { effectiveSettings } from '../lib/runtime';
import { Providers } from './providers';
import { ShellChrome } from './shell/chrome';
import { DialogHost } from './shell/dialog-host';
import { FeedbackHost } from './shell/feedback-host';
import { MemberDataHost } from './shell/member-data-host';

/**
 * The app shell, inside the router: the providers, then the chrome around the page with the hosts
 * that live inside it (feedback, the dialog store's dialog, the member data loader). The startup
 * settings decide between the app and the maintenance or restricted view.
 */
export function RootLayout({ config }: { config: AppConfig }) {
  const settings = useMemo(() => effectiveSettings(config), [config]);
  const view = startupView(settings.status);
  return (
    <Providers config={config} referralOn={settings.promotions.includes('REFERRAL')}>
      <ShellChrome view={view}>
        <FeedbackHost />
        <DialogHost />
        {view === 'app' ? <MemberDataHost /> : null}
      </ShellChrome>
    </Providers>
  );
}
