/**
 * Registration settings and the validation rule set (schemas/api/system.json): both are also in
 * the injected startup settings, which serve as the first answer so the forms draw at once.
 */
import type { RegisterSettings, ValidationRules } from '../../../generated/api/system';
import { resourceKey, useResource } from '../../../lib/api/swr';

export type { RegisterSettings, ValidationRules };

/** Settings change rarely and the startup copy is there already: no refetch on reconnect either. */
const options = { revalidateOnReconnect: false } as const;

export function useRegisterSettings(fallback?: RegisterSettings): { settings: RegisterSettings | undefined; error: unknown } {
  const { data, error } = useResource(resourceKey('GET /wps/system/registerSettings'), { ...options, fallbackData: fallback });
  return { settings: data, error };
}

export function useValidationRules(fallback?: ValidationRules): ValidationRules {
  const { data } = useResource(resourceKey('GET /wps/system/validationRules'), { ...options, fallbackData: fallback });
  return data ?? fallback ?? {};
}
