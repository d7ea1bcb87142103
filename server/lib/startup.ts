import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SocialProvider, Startup } from '../../src/generated/api/system';
import { REPO_ROOT } from '../config';
import type { Tenant } from '../../src/generated/tenant';
import { JWE_ALG, JWE_ENC } from '../repositories/keys';
import { tenantDialingCodes } from './dialing-codes';
import { countryOf } from './region';
import type { SiteStatus } from './tenant-registry';
import { hostName } from './tenant-host';
import { VALIDATION_RULES } from './validation-rules';
import type { JWK } from 'jose';

const ENCRYPTION_HEADER = 'X-Encrypted';

/**
 * The running server's version (package.json): the site built with an older one offers a reload
 * (src/lib/startup-state.ts) when the startup settings carry a newer one.
 */
const SERVER_VERSION: string = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** Registration settings served to the client: the tenant's field config plus the registration flags. */
export function registerSettings(tenant: Tenant) {
  const { flags, modules, settings } = tenant;
  const usernameRegistration = Boolean(flags.USERNAMEREG3);
  const mobileRegistration = Boolean(flags.MOBILENUMREG3);
  return {
    enabled: modules.REG3 !== false && (usernameRegistration || mobileRegistration),
    usernameRegistration,
    mobileRegistration,
    mobileVerification: Boolean(flags.REGMOBVERF3),
    mobilePassword: Boolean(flags.MOBILENUMPASSREG3),
    fields: settings.registration.fields,
    captcha: { enabled: settings.registration.captcha.enabled && modules.CAPTCHA3 !== false },
    ageLimit: settings.ageLimit,
    birthDateRequired: settings.protection?.birthDateRequired === true,
    countryDialingCode: settings.countryDialingCode,
    dialingCodes: tenantDialingCodes(tenant),
  };
}

/** Country of a dialing code, for `location.country` when neither a proxy nor the address tells us better. */
const COUNTRY_BY_DIALING_CODE: Record<string, string> = {
  '1': 'US', '44': 'GB', '60': 'MY', '62': 'ID', '63': 'PH', '65': 'SG', '66': 'TH',
  '81': 'JP', '82': 'KR', '84': 'VN', '86': 'CN', '91': 'IN', '855': 'KH', '856': 'LA',
};

export interface StartupRequest {
  host: string | undefined;
  ip: string;
  /** Country from a trusted proxy header (e.g. CF-IPCountry), when there is one. */
  country?: string;
}

const booleans = (o: object) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Boolean(v)]));

/** The startup settings that differ from one visit to the next: the visitor's location and the server's clock. */
export type VisitStartup = Pick<Startup, 'location' | 'serverTime'>;

/** The per-visit startup settings: the visitor's country (proxy header, address, else the tenant's dialing code) and address, and the clock. */
export function visitStartup(tenant: Tenant, req: StartupRequest): VisitStartup {
  const dialing = tenant.settings.countryDialingCode.replace(/^\+/, '');
  return {
    location: { country: req.country ?? countryOf(req.ip) ?? COUNTRY_BY_DIALING_CODE[dialing] ?? null, ip: req.ip },
    serverTime: new Date().toISOString(),
  };
}

/** What the deployment's configuration adds to every tenant's startup settings. */
export interface StartupDeployment {
  /** The social sign-in providers configured (SOCIAL_LOGIN_PROVIDERS). */
  socialLogin: readonly SocialProvider[];
}

/**
 * Startup settings of spec section 3, built from the tenant and the deployment, plus the JWE key and
 * validation rules: those every visitor of a host shares, then the per-visit ones (visitStartup) last.
 */
export function buildStartup(tenant: Tenant, deployment: StartupDeployment, status: SiteStatus, jwk: JWK, req: StartupRequest, tenantVersion: string): Startup {
  const { settings } = tenant;
  const current = hostName(req.host) || tenant.domains[0];
  return {
    info: {
      customerService: settings.customerService.url,
      imageCDNs: ['/'],
      domainRoute: { current, domains: tenant.domains },
      mobileTemplate: { ...settings.mobileTemplate },
      paths: { api: '/wps', site: '/m/', brand: '/m/brand/', customerService: settings.customerService.url },
      register: registerSettings(tenant),
      resources: settings.downloads,
      whitelabel: booleans(tenant.flags),
      modules: booleans(tenant.modules),
      mainDomain: tenant.domains[0],
      merchantCode: tenant.merchantCode,
      trialMerchantCode: tenant.trialMerchantCode,
      currency: { ...settings.currency },
      countryDialingCode: settings.countryDialingCode,
      dialingCodes: tenantDialingCodes(tenant),
      promotions: settings.promotions,
      contacts: { ...settings.contacts } as Record<string, string>,
      socialLogin: [...deployment.socialLogin],
    },
    maintenance: status.maintenance,
    regionRestriction: status.regionRestriction,
    maintenanceWindow: status.maintenanceWindow,
    // Spec section 7: the version paths; type "3" is the customer-service link.
    version: { current: SERVER_VERSION, pathList: settings.customerService.url ? [{ type: '3', path: settings.customerService.url }] : [] },
    encryption: { header: ENCRYPTION_HEADER, alg: JWE_ALG, enc: JWE_ENC, jwk },
    validation: VALIDATION_RULES,
    tenantVersion,
    ...visitStartup(tenant, req),
  };
}

export type { Startup };
