/**
 * What the page's config and device decide: how the page is run, the flags and settings in force,
 * the startup state and the context gates are evaluated in.
 */
import type { InstallMode, TenantSettings, WhiteLabelFlags } from '../../generated/tenant';
import type { SessionInfo } from '../../generated/storage/session-info';
import type { AppConfig } from '../app-config';
import type { GateContext } from '../gates';
import { startupState, type StartupState } from '../startup-state';


/** How the page is being run: decides download items and bars (spec section 4). */
export function detectInstallMode(win: Window | undefined = globalThis.window): InstallMode {
  if (!win) return 'browser';
  try {
    // The native app shell opens the site with ?app (or a marked user agent).
    if (/[?&]app(=|&|$)/.test(win.location.search) || /WhiteLabelApp/i.test(win.navigator.userAgent)) return 'app';
    if ((win.navigator as Navigator & { standalone?: boolean }).standalone === true) return 'webclip';
    if (win.matchMedia?.('(display-mode: standalone)').matches) return 'pwa';
  } catch {
    // Old browsers without matchMedia fall through to a plain tab.
  }
  return 'browser';
}

/** The flags in force: the server's startup flags when it sent them, else the tenant file's. */
export function effectiveFlags(config: Pick<AppConfig, 'tenant' | 'startup'>): WhiteLabelFlags {
  return (config.startup.info?.whitelabel as WhiteLabelFlags | undefined) ?? config.tenant.flags;
}

/** Tenant settings with the server's per-request values (template, promotions, status) over them. */
export function effectiveSettings(config: Pick<AppConfig, 'tenant' | 'startup'>): TenantSettings {
  const { tenant, startup } = config;
  const info = startup.info ?? {};
  return {
    ...tenant.settings,
    mobileTemplate: { ...tenant.settings.mobileTemplate, ...(info.mobileTemplate ?? {}) },
    promotions: Array.isArray(info.promotions) ? info.promotions : tenant.settings.promotions,
    customerService: { ...tenant.settings.customerService, url: typeof info.customerService === 'string' ? info.customerService : tenant.settings.customerService.url },
    status: {
      maintenance: startup.maintenance ?? tenant.settings.status.maintenance,
      regionRestriction: startup.regionRestriction ?? tenant.settings.status.regionRestriction,
    },
  };
}

/**
 * The startup state machine's answer for a page's config (src/lib/startup-state.ts); the version
 * check needs the version the page was built with (the app shell passes it).
 */
export function startupStateOf(config: AppConfig, builtVersion?: string): StartupState {
  const settings = effectiveSettings(config);
  return startupState({
    status: settings.status,
    serverVersion: config.startup.version?.current,
    builtVersion,
    settings: settings as unknown as Record<string, unknown>,
    screens: config.tenant.screens,
  });
}

/** The context every gate is evaluated in. */
export function buildGateContext(
  config: AppConfig,
  session: SessionInfo | null,
  install: InstallMode,
  hasUpline = false,
): GateContext {
  const settings = effectiveSettings(config);
  return {
    flags: effectiveFlags(config),
    settings: settings as unknown as Record<string, unknown>,
    session: session !== null,
    memberType: session ? session.type : null,
    hasUpline,
    promos: settings.promotions,
    install,
  };
}
