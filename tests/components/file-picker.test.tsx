// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilePicker, type FilePickerProps } from '../../src/components/file-picker';
import { I18nProvider } from '../../src/lib/i18n';
import { EN, TY, testI18n } from '../renderer/harness';

const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
afterEach(() => {
  cleanup();
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
});

const png = (name: string) => new File([new Uint8Array(8)], name, { type: 'image/png' });

/** A picker keeping its own files, as the screens do. */
function Picker({ lng = 'fil', onPick, ...props }: Partial<FilePickerProps> & { lng?: 'fil' | 'en' }) {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <I18nProvider i18n={testI18n(lng)}>
      <FilePicker
        label="Resibo"
        accept="image/png"
        {...props}
        files={files}
        onPick={(picked) => {
          onPick?.(picked);
          setFiles(props.multiple ? [...files, ...picked] : picked.slice(0, 1));
        }}
        onRemove={props.onRemove ? (i) => setFiles(files.filter((_, j) => j !== i)) : undefined}
      />
    </I18nProvider>
  );
}

const input = () => screen.getByLabelText('Resibo', { selector: 'input' }) as HTMLInputElement;
const pick = (...files: File[]) => fireEvent.change(input(), { target: { files } });

describe('FilePicker', () => {
  it('is a button in the site language over a visually hidden native input named by the field label, with "No file chosen"', () => {
    render(<Picker />);
    const native = input();
    expect(native.type).toBe('file');
    expect(native.accept).toBe('image/png');
    expect(native.className).toContain('visually-hidden');
    // The button is the input's own label: tapping it opens the browser's picker.
    const button = screen.getByText(TY.file_choose);
    expect(button.tagName).toBe('LABEL');
    expect(button.getAttribute('for')).toBe(native.id);
    expect(button.className).toContain('button');
    expect(screen.getByTestId('file-picker-chosen').textContent).toBe(TY.file_none);
    expect(native.getAttribute('aria-describedby')).toContain(screen.getByTestId('file-picker-chosen').id);
    cleanup();
    render(<Picker lng="en" />);
    expect(screen.getByText(EN.file_choose)).toBeTruthy();
    expect(screen.getByTestId('file-picker-chosen').textContent).toBe(EN.file_none);
  });

  it('shows the chosen file name, offers to change it, and takes the same file again (the input is emptied after each pick)', () => {
    const onPick = vi.fn();
    render(<Picker onPick={onPick} />);
    const receipt = png('resibo.png');
    pick(receipt);
    expect(onPick).toHaveBeenLastCalledWith([receipt]);
    expect(screen.getByTestId('file-picker-chosen').textContent).toBe('resibo.png');
    expect(screen.getByText(TY.file_change)).toBeTruthy();
    expect(input().value).toBe('');
    pick(receipt);
    expect(onPick).toHaveBeenCalledTimes(2);
    // A cancelled dialog (no files) picks nothing.
    pick();
    expect(onPick).toHaveBeenCalledTimes(2);
  });

  it('lists several images with thumbnails and names, removes one, and turns the button off at the maximum', () => {
    URL.createObjectURL = (blob: Blob) => `blob:${(blob as File).name}`;
    URL.revokeObjectURL = () => undefined;
    render(<Picker multiple preview max={2} onRemove={() => undefined} />);
    expect(screen.getByText(TY.files_choose)).toBeTruthy();
    expect(input().multiple).toBe(true);
    pick(png('a.png'), png('b.png'));
    const list = screen.getByTestId('file-picker-files');
    expect(within(list).getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual(['blob:a.png', 'blob:b.png']);
    expect([...list.querySelectorAll('.file-picker__name')].map((n) => n.textContent)).toEqual(['a.png', 'b.png']);
    expect(input().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: TY.file_remove.replace('{{name}}', 'a.png') }));
    expect([...screen.getByTestId('file-picker-files').querySelectorAll('.file-picker__name')].map((n) => n.textContent)).toEqual(['b.png']);
    expect(input().disabled).toBe(false);
  });

  it('marks the field invalid with its error as an alert, and names the input by its button when there is no field label', () => {
    render(
      <I18nProvider i18n={testI18n('fil')}>
        <FilePicker accept="image/png" files={[]} onPick={() => undefined} buttonLabel="head_icon_pick" hint="PNG o JPG" error="Masyadong malaki" />
      </I18nProvider>,
    );
    const native = screen.getByLabelText(TY.head_icon_pick, { selector: 'input' });
    expect(native.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Masyadong malaki');
    expect(native.getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);
    expect(screen.getByText('PNG o JPG').className).toBe('form-field__hint');
  });

  it('renders on the server the same way (no browser API during render)', () => {
    const html = renderToString(
      <I18nProvider i18n={testI18n('fil')}>
        <FilePicker label="Resibo" accept="image/png" files={[]} onPick={() => undefined} />
      </I18nProvider>,
    );
    expect(html).toContain(TY.file_choose);
    expect(html).toContain(TY.file_none);
    expect(html).toContain('type="file"');
  });
});
