import './styles.css';
import { useId, useState } from 'react';
import { EmptyState } from '../../src/components/empty-state';
import {
  deleteMessage,
  markAllMessagesRead,
  markMessageRead,
  useMessagePages,
  useRevalidateUnreadCount,
  type Message,
} from '../../src/features/engagement';
import { formatRecordTime } from '../../src/features/records';
import type { MessageCentreProps } from '../../src/generated/widgets/message-centre';
import { ApiFailure } from '../../src/lib/api/client';
import { tenantTimeZone } from '../../src/lib/app-config';
import { confirmDialog, showToast } from '../../src/lib/feedback';
import { useTranslation } from '../../src/lib/i18n';
import { useMemberScope, useTenant } from '../../src/lib/runtime';
import type { WidgetComponentProps } from '../../src/lib/widget';

function MessageItem({ message, timeZone, allowDelete, onOpen, onDelete }: {
  message: Message;
  timeZone: string;
  allowDelete: boolean;
  onOpen(message: Message): void;
  onDelete(message: Message): void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const toggle = () => {
    setOpen(!open);
    if (!open && !message.read) onOpen(message);
  };
  return (
    <li className={`message-centre__item${message.read ? '' : ' message-centre__item--unread'}`} data-message-id={message.id}>
      <button type="button" className="message-centre__head" aria-expanded={open} aria-controls={bodyId} onClick={toggle}>
        {message.read ? null : <span className="message-centre__dot" aria-hidden="true" />}
        <span className="message-centre__title">{message.title}</span>
        <time className="message-centre__time" dateTime={message.createdAt}>
          {formatRecordTime(message.createdAt, timeZone)}
        </time>
        {message.read ? null : <span className="visually-hidden">{t('message_unread')}</span>}
      </button>
      {open ? (
        <div id={bodyId} className="message-centre__body">
          <p className="message-centre__content">{message.content}</p>
          {allowDelete ? (
            <button type="button" className="button button--secondary message-centre__delete" onClick={() => onDelete(message)}>
              {t('delete')}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function MessageCentre({ pageSize = 20, markAll = true, allowDelete = true }: WidgetComponentProps<MessageCentreProps>) {
  const { t } = useTranslation();
  const scope = useMemberScope();
  const timeZone = tenantTimeZone(useTenant());
  const pages = useMessagePages(scope, pageSize);
  const revalidateUnreadCount = useRevalidateUnreadCount();
  const [busy, setBusy] = useState(false);
  const loaded = pages.data ?? [];
  const messages = loaded.flatMap((p) => p.list);
  const last = loaded.at(-1);
  const unread = loaded[0]?.unreadCount ?? 0;
  const hasMore = last !== undefined && last.pageNum < last.totalPages;

  const refresh = async () => {
    await Promise.all([pages.mutate(), revalidateUnreadCount()]);
  };
  const failed = (err: unknown) => void showToast(err instanceof ApiFailure ? err.messageKey : 'unknown_error');

  const open = async (message: Message) => {
    try {
      await markMessageRead(message.id);
      await refresh();
    } catch (err) {
      failed(err);
    }
  };
  const remove = async (message: Message) => {
    if (!(await confirmDialog({ messageKey: 'message_delete_confirm', confirmKey: 'delete', cancelKey: 'cancel' }))) return;
    try {
      await deleteMessage(message.id);
      void showToast('message_deleted');
    } catch (err) {
      // Already gone (deleted in another tab): the list is read again either way.
      if (!(err instanceof ApiFailure && err.errorCode === 'not.found')) failed(err);
    }
    await refresh();
  };
  const readAll = async () => {
    setBusy(true);
    try {
      await markAllMessagesRead();
      await refresh();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  if (pages.data === undefined) {
    if (pages.error) {
      return (
        <div className="message-centre message-centre--error" role="alert">
          <p>{t('message_load_error')}</p>
          <button type="button" className="button button--primary" onClick={() => void pages.mutate()}>
            {t('retry')}
          </button>
        </div>
      );
    }
    return <div className="message-centre message-centre--loading" aria-busy="true" />;
  }

  return (
    <section className="message-centre">
      <div className="message-centre__bar">
        <p className="message-centre__count" aria-live="polite">
          {t('message_unread_count', { count: unread })}
        </p>
        {markAll ? (
          <button type="button" className="button button--secondary message-centre__read-all" disabled={unread === 0 || busy} onClick={() => void readAll()}>
            {t('message_mark_all_read')}
          </button>
        ) : null}
      </div>
      {messages.length === 0 ? (
        <EmptyState messageKey="message_empty" />
      ) : (
        <ul className="message-centre__list" aria-label={t('message_center')}>
          {messages.map((m) => (
            <MessageItem key={m.id} message={m} timeZone={timeZone} allowDelete={allowDelete} onOpen={(x) => void open(x)} onDelete={(x) => void remove(x)} />
          ))}
        </ul>
      )}
      {hasMore ? (
        <button type="button" className="message-centre__more" disabled={pages.isValidating} onClick={() => void pages.setSize(pages.size + 1)}>
          {t('records_load_more')}
        </button>
      ) : null}
    </section>
  );
}

export default MessageCentre;
