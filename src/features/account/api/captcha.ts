/** Captcha resource: GET /wps/captcha gives a base64 PNG of 6 digits and its id (schemas/api/captcha.json). */
import { useCallback, useId } from 'react';
import type { Captcha1 as Captcha } from '../../../generated/api/captcha';
import { resourceKey, useResource } from '../../../lib/api/swr';

export type { Captcha };

/** The image as a data: URL for an <img>. */
export function captchaImageSrc(captcha: Captcha): string {
  return `data:image/png;base64,${captcha.image}`;
}

export interface CaptchaState {
  captcha: Captcha | undefined;
  loading: boolean;
  failed: boolean;
  /** Loads a new captcha (each one is checked once by the server). */
  refresh(): void;
}

/**
 * A captcha for one form while `active`. Scoped per component instance: two forms never share a
 * captcha, and nothing is revalidated behind the player's back (a new image would void the typed code).
 */
export function useCaptcha(active: boolean): CaptchaState {
  const instance = useId();
  const { data, error, isLoading, isValidating, mutate } = useResource(active ? resourceKey('GET /wps/captcha', null, instance) : null, {
    revalidateOnReconnect: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
    dedupingInterval: 0,
  });
  const refresh = useCallback(() => void mutate(), [mutate]);
  return { captcha: data, loading: isLoading || isValidating, failed: Boolean(error), refresh };
}
