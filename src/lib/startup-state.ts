/**
 * The startup state machine of spec section 4, in one place, as pure functions:
 *
 *   maintenance -> region -> version check -> template selection -> app
 *
 * 1. maintenance (startup `maintenance`): the maintenance view, whatever else holds (it wins over a
 *    region restriction);
 * 2. region (startup `regionRestriction`): the region-blocked view with the visitor's IP;
 * 3. version check (startup `version.current` against the version the site was built with): the
 *    app, with a prompt to reload when the server's version is newer;
 * 4. template selection (`mobileTemplate`): mem_cen "1" selects the new member centre, dep_func "1"
 *    the new deposit detail, else base; a tenant screen's own `variant` (setting and cases) decides
 *    for its screen when it has one;
 * 5. the app.
 *
 * The shell (src/app/root-layout.tsx), the status views and the screens only read the result.
 */
import type { Screen } from '../generated/tenant';
import { readPath } from './gates';

/** What replaces the app, if anything: the first two steps. */
export type StartupView = 'maintenance' | 'restricted' | 'app';
export type TemplateVersion = 'new' | 'base';

export interface Templates {
  /** /m/mine, /m/member/home (mobileTemplate.mem_cen). */
  memberCentre: string;
  /** The deposit's detail on /m/voucherCenter (mobileTemplate.dep_func). */
  depositDetail: string;
}

export interface StartupState {
  view: StartupView;
  /** The server runs a newer version than this page was built with: offer a reload. */
  reloadPrompt: boolean;
  templates: Templates;
}

export interface StartupInput {
  status: { maintenance?: boolean; regionRestriction?: boolean };
  /** The server's version (startup `version.current`); absent: an older server, no check. */
  serverVersion?: string;
  /** The version this page was built with (package.json at build time: src/app/build-version.ts); absent: no check. */
  builtVersion?: string;
  /** Tenant settings with the startup's mobileTemplate over them. */
  settings: { mobileTemplate?: Record<string, unknown> } & Record<string, unknown>;
  /** The tenant's screens, for their own variant rules. */
  screens?: { mine?: Screen; voucherCenter?: Screen };
}

/** Steps 1 and 2: maintenance wins, then the region restriction, else the app. */
export function statusView(status: { maintenance?: boolean; regionRestriction?: boolean }): StartupView {
  if (status.maintenance === true) return 'maintenance';
  if (status.regionRestriction === true) return 'restricted';
  return 'app';
}

/** Dotted numeric versions ("1.10.0" > "1.9.3"); a part that is not a number compares as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/).map((p) => Number.parseInt(p, 10) || 0);
  const pb = b.split(/[.+-]/).map((p) => Number.parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** Step 3: whether the server's version is newer than the built one (then the page offers a reload). */
export function needsReload(serverVersion: string | undefined, builtVersion: string | undefined): boolean {
  if (!serverVersion || !builtVersion) return false;
  return compareVersions(serverVersion, builtVersion) > 0;
}

/**
 * The variant a screen renders by its own rule: the case for the selecting setting's value, else
 * its default. Undefined when the screen has no variants.
 */
export function screenVariant(screen: Screen | undefined, settings: unknown): string | undefined {
  const variant = screen?.variant;
  if (!variant) return undefined;
  const value = readPath(settings, variant.setting);
  if (value === undefined || value === null) return variant.default;
  const key = String(value);
  return Object.prototype.hasOwnProperty.call(variant.cases, key) ? variant.cases[key] : variant.default;
}

/** The spec's rule for a mobileTemplate switch: "1" is the new version, anything else base. */
export function templateVersion(value: unknown): TemplateVersion {
  return value === '1' ? 'new' : 'base';
}

/** Step 4: the member-centre and deposit-detail versions. */
export function selectTemplates(settings: StartupInput['settings'], screens: StartupInput['screens'] = {}): Templates {
  const template = settings.mobileTemplate ?? {};
  return {
    memberCentre: screenVariant(screens.mine, settings) ?? templateVersion(template.mem_cen),
    depositDetail: screenVariant(screens.voucherCenter, settings) ?? templateVersion(template.dep_func),
  };
}

/** The whole machine: what the shell shows, whether to offer a reload, and the templates the app uses. */
export function startupState(input: StartupInput): StartupState {
  const view = statusView(input.status);
  return {
    view,
    // A page that is not the app has nothing to reload for: it checks again by itself.
    reloadPrompt: view === 'app' && needsReload(input.serverVersion, input.builtVersion),
    templates: selectTemplates(input.settings, input.screens),
  };
}
