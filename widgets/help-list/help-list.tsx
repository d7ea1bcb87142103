import { useTranslation } from '../../src/lib/i18n';
import { useSearchParams } from 'react-router-dom';
import { useHelpCentre } from '../../src/features/home';
import { useContentLanguage } from '../../src/lib/language';
import { useRuntime } from '../../src/lib/runtime';
import { useSanitizedHtml } from '../../src/lib/sanitize';

/** Spec section 2: the open item is the query's i, 0 when absent or unreadable; a negative i opens none. */
export function openIndexOf(search: URLSearchParams): number {
  const raw = search.get('i');
  if (raw === null || raw.trim() === '') return 0;
  const n = Number(raw);
  return Number.isInteger(n) ? n : 0;
}

/** The help items as a disclosure list; opening one writes its index to ?i= (so a reload keeps it). */
export default function HelpListView() {
  const { t, i18n } = useTranslation();
  const { tenant } = useRuntime();
  const lang = useContentLanguage(i18n, tenant);
  const { data, error, isLoading, mutate } = useHelpCentre(lang);
  const [search, setSearch] = useSearchParams();
  const open = openIndexOf(search);
  const items = data ?? [];

  const toggle = (index: number) => {
    const next = new URLSearchParams(search);
    next.set('i', String(index === open ? -1 : index));
    setSearch(next, { replace: true });
  };

  if (isLoading && !data) return <div className="help-list help-list--loading" aria-hidden="true" />;
  if (error && !data) {
    return (
      <div className="help-list help-list--empty">
        <button type="button" className="button button--secondary" onClick={() => void mutate()}>
          {t('loading_failed_retry')}
        </button>
      </div>
    );
  }
  if (items.length === 0) return <p className="help-list help-list--empty">{t('no_data')}</p>;
  return (
    <ul className="help-list">
      {items.map((item, index) => {
        const expanded = index === open;
        return (
          <li key={item.id} className={expanded ? 'help-item help-item--open' : 'help-item'}>
            <h2 className="help-item__heading">
              <button
                type="button"
                id={`help-item-${item.id}`}
                className="help-item__toggle"
                aria-expanded={expanded}
                aria-controls={`help-panel-${item.id}`}
                onClick={() => toggle(index)}
              >
                <span className="help-item__title">{item.title}</span>
                <span className="help-item__chevron" aria-hidden="true" />
              </button>
            </h2>
            <HelpAnswer id={item.id} content={item.content} expanded={expanded} />
          </li>
        );
      })}
    </ul>
  );
}

/** An item's answer: its HTML sanitised (in the browser, after hydration: useSanitizedHtml). */
function HelpAnswer({ id, content, expanded }: { id: string | number; content: string | null | undefined; expanded: boolean }) {
  const html = useSanitizedHtml(content);
  return (
    <div
      id={`help-panel-${id}`}
      role="region"
      aria-labelledby={`help-item-${id}`}
      className="help-item__content"
      hidden={!expanded}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
