/**
 * Helpers of the account-form tests: a scripted API behind the mocked `request`, the server's
 * real rule set, a render wrapper with a fresh SWR cache and a probe of the router location, the
 * hooks every form test file registers, and queries of fields by their label key.
 */
import { act, cleanup, fireEvent, render, screen, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeAll, beforeEach, vi, type Mock } from 'vitest';
import { VALIDATION_RULES } from '../../server/lib/validation-rules';
import type { Tenant } from '../../src/generated/tenant';
import { ApiFailure, type RequestOptions } from '../../src/lib/api/client';
import { feedbackStore } from '../../src/lib/feedback';
import { clearSession } from '../../src/lib/session';
import { Harness, TY, type HarnessOptions } from '../renderer/harness';
import { fixtureTenant } from '../renderer/fixtures/tenant';

export const RULES = VALIDATION_RULES;

export interface Call {
  method: string;
  path: string;
  opts: RequestOptions;
}

export type Handler = (opts: RequestOptions, call: number) => unknown;

/** A 1x1 PNG, base64. */
export const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const SESSION_VALUE = {
  token: 'tok-0123456789abcdef',
  userName: 'juan123',
  customerType: 1,
  firstTimeLogin: false,
  expiresAt: '2030-01-01T00:00:00.000Z',
};

/** Throws like the client does for a failed envelope. */
export function fail(errorCode: string, messageKey: string, value?: unknown, status = 400): never {
  throw new ApiFailure(errorCode, messageKey, status, value);
}

/**
 * Scripts the mocked request: handlers keyed "METHOD /path". Unknown calls fail loudly. Returns
 * the recorded calls. Default handlers answer the rule set and a captcha.
 */
export function scriptApi(requestMock: unknown, handlers: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  const counts = new Map<string, number>();
  let captchaNo = 0;
  const defaults: Record<string, Handler> = {
    'GET /wps/system/validationRules': () => RULES,
    'GET /wps/captcha': () => ({ captchaId: `cap-${++captchaNo}`, image: PNG_1PX, expiresIn: 300 }),
  };
  (requestMock as Mock).mockImplementation(async (method: string, path: string, opts: RequestOptions = {}) => {
    const key = `${method} ${path}`;
    calls.push({ method, path, opts });
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    const handler = handlers[key] ?? defaults[key];
    if (!handler) throw new Error(`unexpected call ${key}`);
    return handler(opts, n);
  });
  return calls;
}

export const callsTo = (calls: Call[], key: string) => calls.filter((c) => `${c.method} ${c.path}` === key);

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location">
      {location.pathname}
      {location.search}
    </output>
  );
}

export interface FormRenderOptions extends HarnessOptions {
  tenant?: Tenant;
}

/** Renders a form inside the runtime harness, with the server's rules in the startup settings. */
export function renderForm(ui: ReactNode, options: FormRenderOptions = {}): RenderResult {
  const tenant = options.tenant ?? fixtureTenant();
  const startup = options.startup ?? { validation: RULES, info: { merchantCode: tenant.merchantCode } };
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <Harness options={{ ...options, tenant, startup }}>
        {ui}
        <LocationProbe />
      </Harness>
    </SWRConfig>,
  );
}

export function tenantWith(change: (t: Tenant) => void): Tenant {
  const tenant = fixtureTenant();
  change(tenant);
  return tenant;
}

/**
 * The form widgets load their code lazily (React.lazy): one render that waits for the chunk makes
 * every later render of the same widget synchronous, as the tests expect. `load` imports the chunk
 * first: on a busy machine compiling it can take longer than the render waits.
 */
export async function warmUp(requestMock: unknown, ui: ReactNode, options: FormRenderOptions = {}, load?: () => Promise<unknown>): Promise<void> {
  await load?.();
  // Unscripted, the settings call fails: the form draws from the tenant's flags, as the tests expect.
  scriptApi(requestMock, {});
  const view = renderForm(ui, options);
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  view.unmount();
}

/**
 * Registers the hooks of a form widget's test file: `ui` is rendered once first, after `load` has
 * imported its lazy chunk (see warmUp); each test starts logged out; after each, the view, storage,
 * feedback, fake timers and mocks are reset.
 */
export function setUpFormTests(requestMock: unknown, ui: ReactNode, load: () => Promise<unknown>): void {
  beforeAll(async () => {
    await warmUp(requestMock, ui, {}, load);
  });
  beforeEach(() => clearSession());
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    clearSession();
    feedbackStore.toasts.splice(0);
    feedbackStore.dialog = null;
    feedbackStore.loading = null;
    vi.useRealTimers();
    vi.clearAllMocks();
  });
}

/** The input labelled with the translation of `key` (in the test language). */
export const byLabel = (key: string) => screen.getByLabelText(TY[key], { selector: 'input' }) as HTMLInputElement;
export const queryByLabel = (key: string) => screen.queryByLabelText(TY[key], { selector: 'input' }) as HTMLInputElement | null;
/** Types `value` into the input labelled with the translation of `key`. */
export const type = (key: string, value: string) => fireEvent.change(byLabel(key), { target: { value } });
/** The router location shown by renderForm's probe: path and query. */
export const location = () => screen.getByTestId('location').textContent;
