import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../src/components/empty-state';
import { markNoticeRead, useNotices, useRevalidateAnnouncements, type Notice, type NoticeKind } from '../../src/features/home';
import { formatRecordTime } from '../../src/features/records';
import { tenantTimeZone } from '../../src/lib/app-config';
import { useTranslation } from '../../src/lib/i18n';
import { useContentLanguage } from '../../src/lib/language';
import { useMemberScope, useTenant } from '../../src/lib/runtime';
import { useSanitizedHtml } from '../../src/lib/sanitize';

/** The open notice: the query's id (so a reload or a shared link keeps it), or none. */
export function openNoticeId(search: URLSearchParams): number | null {
  const id = Number(search.get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

function NoticeItem({ notice, open, timeZone, onToggle }: { notice: Notice; open: boolean; timeZone: string; onToggle(): void }) {
  const { t } = useTranslation();
  const html = useSanitizedHtml(open ? notice.content : null);
  const unread = notice.read === false;
  return (
    <li className={`notice-item${unread ? ' notice-item--unread' : ''}${open ? ' notice-item--open' : ''}`} data-notice-id={notice.id}>
      <h2 className="notice-item__heading">
        <button
          type="button"
          id={`notice-item-${notice.id}`}
          className="notice-item__head"
          aria-expanded={open}
          aria-controls={`notice-panel-${notice.id}`}
          onClick={onToggle}
        >
          {unread ? <span className="notice-item__dot" aria-hidden="true" /> : null}
          <span className="notice-item__title">{notice.title}</span>
          {notice.createdAt ? (
            <time className="notice-item__time" dateTime={notice.createdAt}>
              {formatRecordTime(notice.createdAt, timeZone)}
            </time>
          ) : null}
          {unread ? <span className="visually-hidden">{t('notice_unread')}</span> : null}
        </button>
      </h2>
      <div
        id={`notice-panel-${notice.id}`}
        role="region"
        aria-labelledby={`notice-item-${notice.id}`}
        className="notice-item__body"
        hidden={!open}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </li>
  );
}

/**
 * Player notices or agent announcements: a disclosure list, the open one's id in ?id=. A member
 * opening an unread one marks it read; the list, its count and the badges are then asked again.
 */
export default function NoticeListView({ kind }: { kind: NoticeKind }) {
  const { t, i18n } = useTranslation();
  const tenant = useTenant();
  const lang = useContentLanguage(i18n, tenant);
  const scope = useMemberScope();
  const { notices, unread, error, reload } = useNotices(kind, lang, scope);
  const revalidate = useRevalidateAnnouncements();
  const [search, setSearch] = useSearchParams();
  const openId = openNoticeId(search);
  const opened = notices?.find((n) => n.id === openId);
  const markId = scope && opened?.read === false ? opened.id : null;

  useEffect(() => {
    if (markId === null) return;
    // A failed mark leaves the notice unread; the next opening tries again.
    markNoticeRead(markId).then(revalidate, () => undefined);
  }, [markId, revalidate]);

  const toggle = (id: number) => {
    const next = new URLSearchParams(search);
    if (id === openId) next.delete('id');
    else next.set('id', String(id));
    setSearch(next, { replace: true });
  };

  if (notices === undefined) {
    if (error) {
      return (
        <div className="notice-list notice-list--error" role="alert">
          <p>{t('notice_load_error')}</p>
          <button type="button" className="button button--primary" onClick={reload}>
            {t('retry')}
          </button>
        </div>
      );
    }
    return <div className="notice-list notice-list--loading" aria-busy="true" />;
  }
  const timeZone = tenantTimeZone(tenant);
  return (
    <section className={`notice-list notice-list--${kind}`}>
      {scope ? (
        <p className="notice-list__count" aria-live="polite" data-unread={unread}>
          {t('notice_unread_count', { count: unread })}
        </p>
      ) : null}
      {notices.length === 0 ? (
        <EmptyState messageKey="no_announcement" />
      ) : (
        <ul className="notice-list__items" aria-label={t(kind === 'agent' ? 'agent_notice' : 'notice')}>
          {notices.map((n) => (
            <NoticeItem key={n.id} notice={n} open={n.id === openId} timeZone={timeZone} onToggle={() => toggle(n.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}
