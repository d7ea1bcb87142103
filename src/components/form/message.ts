import { useTranslation } from '../../lib/i18n';
import { hasText } from '../../lib/feedback';

/** What a field check or a failed call says: an i18n key and its interpolation values. */
export interface FieldMessage {
  key: string;
  params?: Record<string, string | number>;
}

/** A field check's result: null when the value is fine. */
export type FieldCheck = FieldMessage | null;

/**
 * Turns a message into text. A key the translation files lack (a server may add codes before the
 * files catch up) shows the generic 'unknown_error' rather than a raw key.
 */
export function useMessageText(): (message: FieldCheck | undefined) => string {
  const { t, i18n } = useTranslation();
  return (message) => {
    if (!message) return '';
    return hasText(i18n, message.key) ? t(message.key, message.params) : t('unknown_error');
  };
}
