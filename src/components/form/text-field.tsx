import './text-field.css';
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from '../../lib/i18n';
import { runtimeText } from '../../lib/feedback';
import type { TranslationKey } from '../../lib/i18n-keys';
import { Icon } from '../icons';
import { useMessageText, type FieldCheck } from './message';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'prefix'> {
  /** i18n key of the label (field names come from the server's rules, so it is checked at run time). */
  label: string;
  /** Label text that is the same in every language (a brand name such as WhatsApp); wins over `label`. */
  labelText?: string;
  value: string;
  onValueChange(value: string): void;
  error?: FieldCheck;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown before the input (e.g. the country dialing code). */
  prefix?: ReactNode;
  /** Shown after the input (toggle, send-code button, captcha image). */
  addon?: ReactNode;
  /** Hint text's i18n key. */
  hint?: TranslationKey;
}

/** A labelled input with its error text; required fields get an asterisk (drawn by CSS) and aria-required. */
export function TextField({ label, labelText, value, onValueChange, error, inputRef, prefix, addon, hint, required, id, className, ...input }: TextFieldProps) {
  const { t, i18n } = useTranslation();
  const text = useMessageText();
  const autoId = useId();
  const inputId = id ?? `f${autoId}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  const classes = ['form-field', required ? 'form-field--required' : '', error ? 'form-field--invalid' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes}>
      <label className="form-field__label" htmlFor={inputId}>
        {labelText ?? runtimeText(i18n, label)}
      </label>
      <div className="form-field__control">
        {prefix}
        <input
          {...input}
          id={inputId}
          ref={inputRef}
          className="form-field__input"
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {addon}
      </div>
      {hint ? (
        <p className="form-field__hint" id={hintId}>
          {t(hint)}
        </p>
      ) : null}
      {error ? (
        <p className="form-field__error" id={errorId}>
          {text(error)}
        </p>
      ) : null}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'addon'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const toggle = (
    <button
      type="button"
      className="form-field__addon form-field__toggle"
      aria-label={t(visible ? 'hide_password' : 'show_password')}
      aria-pressed={visible}
      onClick={() => setVisible((v) => !v)}
    >
      <Icon name={visible ? 'eye' : 'eye-off'} />
    </button>
  );
  return <TextField autoComplete="current-password" {...props} type={visible ? 'text' : 'password'} addon={toggle} />;
}
