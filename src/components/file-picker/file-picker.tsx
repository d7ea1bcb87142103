// The field's label, hint and error rules first: a page may have no other form field to bring them.
import '../form/text-field.css';
import './file-picker.css';
import { useId, type ReactNode, type Ref } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { TranslationKey } from '../../lib/i18n-keys';
import { useObjectUrl } from './use-object-url';

/** One chosen image's thumbnail (its object URL is made after render and revoked when it goes). */
function Thumbnail({ file }: { file: File }) {
  const { t } = useTranslation();
  const url = useObjectUrl(file);
  return url ? <img className="file-picker__thumb" src={url} alt={t('image_preview', { name: file.name })} /> : <span className="file-picker__thumb" aria-hidden="true" />;
}

export interface FilePickerProps {
  /** The field's label, already translated; without one the button's text names the input. */
  label?: string;
  /** The `accept` of the native input (types and extensions). */
  accept: string;
  /** The files chosen so far: their names beside the button, or a list with thumbnails (`preview`) or remove buttons (`onRemove`). */
  files: readonly File[];
  /**
   * The files just picked. The native input is emptied after each pick, so picking the same file
   * again (after a refusal or a removal) is a new pick.
   */
  onPick(picked: File[]): void;
  multiple?: boolean;
  /** With `multiple`: once this many are chosen the button is off (removing one turns it on again). */
  max?: number;
  disabled?: boolean;
  required?: boolean;
  /** A thumbnail above each chosen image's name. */
  preview?: boolean;
  /** A remove button per chosen file. */
  onRemove?(index: number): void;
  /** The button's text; "Choose file" (or "Choose files" with `multiple`) unless told. */
  buttonLabel?: TranslationKey;
  /** A line under the field, already translated (the accepted types and size). */
  hint?: string;
  /** What is wrong with the pick, already translated: shown as the field's alert and marks the input invalid. */
  error?: ReactNode;
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

/**
 * The site's one file field: a styled button in the site's language over the native file input,
 * which stays in the page visually hidden (focusable, named by the field's label, opened by the
 * button's label), and the chosen file's name, or each image's thumbnail, with "No file chosen"
 * before any. Every upload (head icon, identity images, deposit receipt, feedback and promotion
 * images) picks through it, so none shows the browser's unstyled English control.
 */
export function FilePicker({
  label,
  accept,
  files,
  onPick,
  multiple = false,
  max,
  disabled = false,
  required = false,
  preview = false,
  onRemove,
  buttonLabel,
  hint,
  error,
  id,
  inputRef,
  className,
}: FilePickerProps) {
  const { t } = useTranslation();
  const own = useId();
  const inputId = id ?? `${own}-input`;
  const labelId = `${own}-label`;
  const chosenId = `${own}-chosen`;
  const hintId = `${own}-hint`;
  const errorId = `${own}-error`;
  const describedBy = [chosenId, hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const button = buttonLabel ?? (multiple ? 'files_choose' : files.length > 0 ? 'file_change' : 'file_choose');
  const names = files.map((f) => f.name).join(', ');
  // Listed one per line (with a thumbnail or a remove button) rather than on the button's line.
  const listed = preview || onRemove !== undefined;
  return (
    <div className={['form-field', 'file-picker', required ? 'form-field--required' : null, error ? 'form-field--invalid' : null, className].filter(Boolean).join(' ')}>
      {label ? (
        <label className="form-field__label" id={labelId} htmlFor={inputId}>
          {label}
        </label>
      ) : null}
      <div className="file-picker__row">
        <input
          ref={inputRef}
          id={inputId}
          className="file-picker__input visually-hidden"
          type="file"
          accept={accept}
          multiple={multiple}
          disabled={disabled || (max !== undefined && files.length >= max)}
          aria-required={required || undefined}
          aria-labelledby={label ? labelId : undefined}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            const picked = Array.from(e.target.files ?? []);
            e.target.value = '';
            if (picked.length > 0) onPick(picked);
          }}
        />
        <label className="button button--secondary file-picker__button" htmlFor={inputId}>
          {t(button)}
        </label>
        <span className="file-picker__chosen" id={chosenId} data-testid="file-picker-chosen" aria-live="polite">
          {files.length === 0 ? t('file_none') : listed ? null : names}
        </span>
      </div>
      {files.length > 0 && listed ? (
        <ul className={`file-picker__files${preview ? ' file-picker__files--thumbs' : ''}`} data-testid="file-picker-files">
          {files.map((file, i) => (
            <li key={`${file.name}-${file.size}-${i}`} className="file-picker__file">
              {preview ? <Thumbnail file={file} /> : null}
              <span className="file-picker__name">{file.name}</span>
              {onRemove ? (
                <button type="button" className="file-picker__remove" disabled={disabled} aria-label={t('file_remove', { name: file.name })} onClick={() => onRemove(i)}>
                  {t('delete')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {hint ? (
        <p className="form-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="form-field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
