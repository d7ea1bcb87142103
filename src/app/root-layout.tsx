import '../styles/shell.css';
import { useMemo } from 'react';
import type { AppConfig } from '../lib/app-config';
import { effectiveSettings, startupStateOf } from '../lib/runtime';
import { BUILT_VERSION } from './build-version';
import { Providers } from './providers';
import { ShellChrome } from './shell/chrome';
import { DialogHost } from './shell/dialog-host';
import { FeedbackHost } from './shell/feedback-host';
import { MemberDataHost } from './shell/member-data-host';
import { TenantRelease } from './shell/tenant-release';
import { UpdatePrompt } from './shell/update-prompt';

/**
 * The app shell, inside the router: the providers, then the chrome around the page with the hosts
 * that live inside it (feedback, the dialog store's dialog, the member data loader). The startup
 * state (src/lib/startup-state.ts) decides between the app and the maintenance or restricted
 * view, and whether to offer a reload.
 */
export function RootLayout({ config }: { config: AppConfig }) {
  const settings = useMemo(() => effectiveSettings(config), [config]);
  const { view, reloadPrompt } = useMemo(() => startupStateOf(config, BUILT_VERSION), [config]);
  return (
    <Providers config={config} referralOn={settings.promotions.includes('REFERRAL')}>
      <ShellChrome view={view} reloadPrompt={reloadPrompt}>
        <FeedbackHost />
        <DialogHost />
        <UpdatePrompt />
        <TenantRelease version={config.startup.tenantVersion} />
        {view === 'app' ? <MemberDataHost /> : null}
      </ShellChrome>
    </Providers>
  );
}
