import { usePopover } from '../../components/use-popover';
import { languageInfo, useTranslation } from '../../lib/i18n';
import { Icon } from '../../components/icons';
import { currentLanguageCode, switchLanguage } from '../../lib/language';
import { useTenant } from '../../lib/runtime';

/** The tenant's languages, each named in its own language (languages.json). */
export function LanguageOptions({ onChosen }: { onChosen?: () => void }) {
  const { i18n } = useTranslation();
  const tenant = useTenant();
  const current = currentLanguageCode(i18n, tenant);
  return (
    <ul className="language-list">
      {tenant.i18n.languages.map((code) => {
        const info = languageInfo(code);
        return (
          <li key={code}>
            <button
              type="button"
              className="language-list__option"
              lang={info?.htmlLang}
              aria-current={code === current ? 'true' : undefined}
              onClick={() => {
                onChosen?.();
                if (code !== current) void switchLanguage(i18n, tenant, code);
              }}
            >
              {info?.native ?? code}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Header language button with its popover list. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const tenant = useTenant();
  const { open, setOpen, listId, rootRef, toggleRef } = usePopover();

  if (tenant.i18n.languages.length < 2) return null;
  const code = currentLanguageCode(i18n, tenant);
  return (
    <div className="language-switcher" ref={rootRef}>
      <button
        ref={toggleRef}
        type="button"
        className="icon-button language-switcher__toggle"
        aria-label={t('language')}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="language" />
        <span className="language-switcher__code" aria-hidden="true">
          {code}
        </span>
      </button>
      <div id={listId} className="language-switcher__popover" hidden={!open}>
        <LanguageOptions onChosen={() => setOpen(false)} />
      </div>
    </div>
  );
}
