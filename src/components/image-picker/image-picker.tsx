import './image-picker.css';
import { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useObjectUrl } from './use-object-url';
import { addImageFiles, IMAGE_FILE_ACCEPT, MAX_IMAGE_FILE_MB, MAX_IMAGE_FILES } from './image-files';
import { FormError } from '../form';

/** One chosen file's thumbnail (its object URL is made after render and revoked when it goes). */
function Preview({ file }: { file: File }) {
  const { t } = useTranslation();
  const url = useObjectUrl(file);
  return url ? <img className="image-picker__thumb" src={url} alt={t('image_preview', { name: file.name })} /> : <span className="image-picker__thumb" aria-hidden="true" />;
}

export interface ImagePickerProps {
  /** The label's text (already translated). */
  label: string;
  files: readonly File[];
  onChange: (files: File[]) => void;
  max?: number;
  disabled?: boolean;
}

/**
 * Picks up to `max` png or jpg images of at most 5 MB with previews; a wrong type, a large file or
 * one too many is refused here with the server's message (image_type, image_size, image_count).
 */
export function ImagePicker({ label, files, onChange, max = MAX_IMAGE_FILES, disabled = false }: ImagePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [problem, setProblem] = useState<'image_type' | 'image_size' | 'image_count' | null>(null);
  return (
    <div className="form-field image-picker">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="image-picker__input"
        type="file"
        accept={IMAGE_FILE_ACCEPT}
        multiple
        disabled={disabled || files.length >= max}
        onChange={(e) => {
          const next = addImageFiles(files, Array.from(e.target.files ?? []), max);
          setProblem(next.problem);
          onChange(next.files);
          e.target.value = '';
        }}
      />
      {files.length > 0 ? (
        <ul className="image-picker__files" data-testid="image-picker-files">
          {files.map((file, i) => (
            <li key={`${file.name}-${file.size}-${i}`} className="image-picker__file">
              <Preview file={file} />
              <button
                type="button"
                className="image-picker__remove"
                disabled={disabled}
                aria-label={t('image_remove', { name: file.name })}
                onClick={() => {
                  setProblem(null);
                  onChange(files.filter((_, j) => j !== i));
                }}
              >
                {t('delete')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FormError error={problem ? { key: problem, params: { max, mb: MAX_IMAGE_FILE_MB } } : null} />
    </div>
  );
}
