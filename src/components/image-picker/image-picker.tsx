import { useState } from 'react';
import { FilePicker } from '../file-picker';
import { addImageFiles, IMAGE_FILE_ACCEPT, MAX_IMAGE_FILE_MB, MAX_IMAGE_FILES } from './image-files';
import { useMessageText } from '../form';

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
  const text = useMessageText();
  const [problem, setProblem] = useState<'image_type' | 'image_size' | 'image_count' | null>(null);
  return (
    <FilePicker
      className="image-picker"
      label={label}
      accept={IMAGE_FILE_ACCEPT}
      multiple
      preview
      files={files}
      max={max}
      disabled={disabled}
      onPick={(picked) => {
        const next = addImageFiles(files, picked, max);
        setProblem(next.problem);
        onChange(next.files);
      }}
      onRemove={(i) => {
        setProblem(null);
        onChange(files.filter((_, j) => j !== i));
      }}
      error={problem ? text({ key: problem, params: { max, mb: MAX_IMAGE_FILE_MB } }) : null}
    />
  );
}
