import { useTranslation } from '../lib/i18n';
import { Icon } from './icons';
import type { TranslationKey } from '../lib/i18n-keys';
import { useGoBack } from './navigation';

/** A page's top bar: the back arrow and the page title (the level-1 heading). */
export function PageBar({ titleKey }: { titleKey: TranslationKey }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <div className="page-bar">
      <button type="button" className="icon-button page-bar__back" aria-label={t('back')} onClick={goBack}>
        <Icon name="chevron-right" className="icon--flip" />
      </button>
      <h1 className="page-bar__title">{t(titleKey)}</h1>
      <span className="page-bar__spacer" aria-hidden="true" />
    </div>
  );
}
