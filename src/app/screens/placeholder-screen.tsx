import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../lib/i18n-keys';
import { useRuntime } from '../../lib/runtime';

export interface PlaceholderScreenProps {
  titleKey: TranslationKey;
}

/** Stands in for a screen that later issues build: its title and nothing else. */
export default function PlaceholderScreen({ titleKey }: PlaceholderScreenProps) {
  const { t } = useTranslation();
  const { tenant } = useRuntime();
  const title = t(titleKey);
  const documentTitle = [title, tenant.brand.name].join(' | ');
  return (
    <main className="screen screen--placeholder">
      <title>{documentTitle}</title>
      <h1 className="screen__title">{title}</h1>
    </main>
  );
}
