/**
 * Registration settings and the validation rule set (schemas/api/system.json): both are also in
 * the injected startup settings, which serve as the first answer so the forms draw at once.
 */
import useSWR from 'swr';
import type { RegisterSettings, ValidationRules } from '../../../generated/api/system';
import { swrFetcher } from '../../../lib/api/client';

export type { RegisterSettings, ValidationRules };

export const REGISTER_SETTINGS_PATH = '/wps/system/registerSettings';
export const VALIDATION_RULES_PATH = '/wps/system/validationRules';

const options = { revalidateOnFocus: false, revalidateOnReconnect: false } as const;

export function useRegisterSettings(fallback?: RegisterSettings): { settings: RegisterSettings | undefined; error: unknown } {
  const { data, error } = useSWR<RegisterSettings>([REGISTER_SETTINGS_PATH], swrFetcher, { ...options, fallbackData: fallback });
  return { settings: data, error };
}

export function useValidationRules(fallback?: ValidationRules): ValidationRules {
  const { data } = useSWR<ValidationRules>([VALIDATION_RULES_PATH], swrFetcher, { ...options, fallbackData: fallback });
  return data ?? fallback ?? {};
}
