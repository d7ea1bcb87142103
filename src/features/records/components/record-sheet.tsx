import './record-sheet.css';
import { useId, type ReactNode } from 'react';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../lib/feedback';
import { useTranslation } from '../../../lib/i18n';
import type { TranslationKey } from '../../../lib/i18n-keys';
import { copyText } from '../../../lib/browser-actions';

export interface RecordSheetProps {
  /** The sheet's heading; omitted: "record details". */
  title?: ReactNode;
  onClose(): void;
  children?: ReactNode;
}

/**
 * A record's detail in a bottom sheet: a modal dialog (focus moved in and given back when it
 * closes; Escape, the backdrop and the close button close it).
 */
export function RecordSheet({ title, onClose, children }: RecordSheetProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Modal labelledBy={titleId} onDismiss={onClose} frame={{ mask: 'record-sheet-mask', panel: 'record-sheet' }} initialFocus="panel">
      <div className="record-sheet__head">
        <h2 id={titleId} className="record-sheet__title">
          {title ?? t('record_detail')}
        </h2>
        <button type="button" className="record-sheet__close" onClick={onClose} aria-label={t('close')}>
          <span aria-hidden="true">{'×'}</span>
        </button>
      </div>
      <div className="record-sheet__body">{children}</div>
    </Modal>
  );
}

export interface DetailRow {
  label: TranslationKey;
  value: ReactNode;
  /** Text a copy button puts on the clipboard (an id, a reference). */
  copy?: string;
  /** Colours the value (a refusal's reason). */
  tone?: 'danger';
}

/** Label and value pairs of a record; rows whose value is null, undefined or '' are left out. */
export function DetailRows({ rows }: { rows: readonly DetailRow[] }) {
  const { t } = useTranslation();
  return (
    <dl className="detail-rows">
      {rows
        .filter((row) => row.value !== null && row.value !== undefined && row.value !== '')
        .map((row) => (
          <div key={row.label} className="detail-rows__row" data-label={row.label}>
            <dt className="detail-rows__label">{t(row.label)}</dt>
            <dd className={row.tone ? `detail-rows__value detail-rows__value--${row.tone}` : 'detail-rows__value'}>
              <span>{row.value}</span>
              {row.copy !== undefined && (
                <button
                  type="button"
                  className="detail-rows__copy"
                  // The clipboard is written in the tap's own handler: browsers allow it only on a user gesture.
                  onClick={() => void copyText(row.copy ?? '').then((ok) => showToast(ok ? 'copied' : 'records_copy_failed'))}
                  aria-label={`${t('copy')} ${t(row.label)}`}
                >
                  {t('copy')}
                </button>
              )}
            </dd>
          </div>
        ))}
    </dl>
  );
}
