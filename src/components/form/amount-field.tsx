import { useTranslation } from '../../lib/i18n';
import type { TranslationKey } from '../../lib/i18n-keys';
import { TextField, type TextFieldProps } from './text-field';

export interface AmountFieldProps extends Omit<TextFieldProps, 'prefix' | 'addon' | 'inputMode' | 'type'> {
  /** The tenant's currency symbol, shown before the amount. */
  symbol: string;
  /**
   * The "all" button after the amount: its label, the most that may be taken (disabled at 0), and
   * what to do with that amount as text. Absent: no button.
   */
  all?: { label: TranslationKey; max: number; onPick(text: string): void };
}

/** An amount of money to send: decimal keypad, the currency before it and, where it helps, an "all" button. */
export function AmountField({ symbol, all, ...field }: AmountFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      {...field}
      inputMode="decimal"
      autoComplete="off"
      prefix={<span className="amount-field__currency">{symbol}</span>}
      addon={
        all ? (
          <button type="button" className="form-field__addon amount-field__all" disabled={all.max <= 0} onClick={() => all.onPick(String(all.max))}>
            {t(all.label)}
          </button>
        ) : undefined
      }
    />
  );
}
