import { render, type RenderResult } from '@testing-library/react';
import { createTranslator, type I18n, I18nProvider } from '../../src/lib/i18n';
import { useState, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import en from '../../locales/en.json';
import ty from '../../locales/ty.json';
import type { Tenant } from '../../src/generated/tenant';
import type { AppConfig, StartupSettings, TimeZoneWindow } from '../../src/lib/app-config';
import { RuntimeProvider, type BadgeCounts, type Navigate, type RuntimeProviderProps } from '../../src/lib/runtime';
import { RendererProvider, type RenderMode, type WidgetRegistry } from '../../src/renderer';
import { fixtureTenant } from './fixtures/tenant';
import { registry } from '../../widgets/registry';

/** A translator with the real TY and EN files loaded up front (the app loads them lazily instead). */
export function testI18n(lng: 'fil' | 'en' = 'fil'): I18n {
  const instance = createTranslator(lng, 'en');
  instance.addResourceBundle('fil', ty);
  instance.addResourceBundle('en', en);
  return instance;
}

export const TY = ty as Record<string, string>;
export const EN = en as Record<string, string>;

export interface HarnessOptions {
  tenant?: Tenant;
  startup?: StartupSettings;
  badges?: BadgeCounts;
  mode?: RenderMode;
  registry?: WidgetRegistry;
  navigate?: Navigate;
  onRequireLogin?: () => void;
  actionHandlers?: RuntimeProviderProps['actionHandlers'];
  hasUpline?: boolean;
  route?: string;
  i18n?: I18n;
  /** The time zone window the server sends with the page (none by default). */
  zone?: TimeZoneWindow;
}

export function Harness({ options, children }: { options: HarnessOptions; children?: ReactNode }) {
  // Stable across rerenders, as in the app: one config and one i18n instance per page.
  const [config] = useState<AppConfig>(() => ({
    tenant: options.tenant ?? fixtureTenant(),
    startup: options.startup ?? {},
    ...(options.zone ? { zone: options.zone } : {}),
  }));
  const [i18n] = useState(() => options.i18n ?? testI18n());
  return (
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={[options.route ?? '/m/home']}>
        <RuntimeProvider
          config={config}
          navigate={options.navigate ?? (() => {})}
          badges={options.badges}
          install="browser"
          onRequireLogin={options.onRequireLogin}
          actionHandlers={options.actionHandlers}
          hasUpline={options.hasUpline}
        >
          <RendererProvider mode={options.mode ?? 'development'} registry={options.registry ?? registry}>
            {children}
          </RendererProvider>
        </RuntimeProvider>
      </MemoryRouter>
    </I18nProvider>
  );
}

export function renderWithRuntime(ui: ReactNode, options: HarnessOptions = {}): RenderResult {
  return render(ui, { wrapper: ({ children }) => <Harness options={options}>{children}</Harness> });
}
