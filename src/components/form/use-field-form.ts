import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { FieldCheck } from './message';

export type Values<F extends string> = Record<F, string>;
type Errors<F extends string> = Partial<Record<F, FieldCheck>>;

export interface FieldForm<F extends string> {
  values: Values<F>;
  errors: Errors<F>;
  touched: Partial<Record<F, boolean>>;
  /** Sets a value; a touched field (and each of `recheck` that is touched) is validated again. */
  setValue(field: F, value: string, recheck?: readonly F[]): void;
  /** Sets values without validating (remembered credentials, clearing after a failure). */
  replaceValues(values: Partial<Values<F>>): void;
  blur(field: F): void;
  setError(field: F, error: FieldCheck): void;
  clearErrors(): void;
  /** Validates the fields (in order), shows their errors, focuses the first invalid one and returns it. */
  checkAll(fields: readonly F[]): F | undefined;
  /** Validates the touched fields that hold a value (after a language change). */
  revalidateFilled(): void;
  focus(field: F): void;
  /** Props for a TextField of `field`. */
  bind(field: F): {
    value: string;
    onValueChange(value: string): void;
    onBlur(): void;
    error: FieldCheck | undefined;
    inputRef(el: HTMLInputElement | null): void;
    name: string;
  };
}

/**
 * Values, errors and touched state of a form's fields. `validate` is the form's rule for a field,
 * given all values (a confirmation depends on its password).
 */
export function useFieldForm<F extends string>(initial: () => Values<F>, validate: (field: F, values: Values<F>) => FieldCheck): FieldForm<F> {
  const [values, setValues] = useState<Values<F>>(initial);
  const [errors, setErrors] = useState<Errors<F>>({});
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const inputs = useRef<Partial<Record<F, HTMLInputElement | null>>>({});
  // Handlers read the latest state through the ref, so they stay stable across renders.
  const latest = useRef({ values, touched, validate });
  useEffect(() => {
    latest.current = { values, touched, validate };
  });

  const setValue = useCallback((field: F, value: string, recheck: readonly F[] = []) => {
    const { values: current, touched: seen, validate: rule } = latest.current;
    const next = { ...current, [field]: value };
    latest.current = { ...latest.current, values: next };
    setValues(next);
    const update: Errors<F> = {};
    for (const f of [field, ...recheck]) if (seen[f]) update[f] = rule(f, next);
    if (Object.keys(update).length) setErrors((e) => ({ ...e, ...update }));
  }, []);

  const replaceValues = useCallback((partial: Partial<Values<F>>) => {
    const next = { ...latest.current.values, ...partial };
    latest.current = { ...latest.current, values: next };
    setValues(next);
  }, []);

  // A server-rendered form can be typed in before the page runs its script: what the player typed
  // then is in the inputs, not in the state. Take it over once, as the form comes to life.
  useLayoutEffect(() => {
    const typed: Partial<Values<F>> = {};
    for (const [field, input] of Object.entries(inputs.current) as [F, HTMLInputElement | null | undefined][]) {
      if (input && input.value !== '' && input.value !== latest.current.values[field]) typed[field] = input.value;
    }
    if (Object.keys(typed).length > 0) replaceValues(typed);
  }, [replaceValues]);

  const blur = useCallback((field: F) => {
    const { values: current, validate: rule } = latest.current;
    setTouched((t) => ({ ...t, [field]: true }));
    setErrors((e) => ({ ...e, [field]: rule(field, current) }));
  }, []);

  const setError = useCallback((field: F, error: FieldCheck) => setErrors((e) => ({ ...e, [field]: error })), []);
  const clearErrors = useCallback(() => setErrors({}), []);

  const focus = useCallback((field: F) => {
    const el = inputs.current[field];
    if (el && !el.disabled) el.focus();
  }, []);

  const checkAll = useCallback(
    (fields: readonly F[]) => {
      const { values: current, validate: rule } = latest.current;
      const update: Errors<F> = {};
      for (const f of fields) update[f] = rule(f, current);
      setErrors((e) => ({ ...e, ...update }));
      setTouched((t) => ({ ...t, ...Object.fromEntries(fields.map((f) => [f, true])) }));
      const first = fields.find((f) => update[f]);
      if (first) focus(first);
      return first;
    },
    [focus],
  );

  const revalidateFilled = useCallback(() => {
    const { values: current, touched: seen, validate: rule } = latest.current;
    const update: Errors<F> = {};
    for (const f of Object.keys(current) as F[]) if (seen[f] && current[f] !== '') update[f] = rule(f, current);
    if (Object.keys(update).length) setErrors((e) => ({ ...e, ...update }));
  }, []);

  const bind = (field: F) => ({
    name: field,
    value: values[field],
    onValueChange: (v: string) => setValue(field, v),
    onBlur: () => blur(field),
    error: errors[field],
    inputRef: (el: HTMLInputElement | null) => {
      inputs.current[field] = el;
    },
  });

  return { values, errors, touched, setValue, replaceValues, blur, setError, clearErrors, checkAll, revalidateFilled, focus, bind };
}

/** Language-change revalidation delay (spec section 9). */
const LANGUAGE_REVALIDATE_MS = 200;

/**
 * Revalidates when the language changes, after a 200 ms debounce (spec section 4), so that the
 * messages of filled fields are produced again in the new language.
 */
export function useLanguageRevalidation(revalidate: () => void, delayMs = LANGUAGE_REVALIDATE_MS): void {
  // useTranslation hands out one view per language; listen on the translator itself, so that
  // the language change does not also re-subscribe (and cancel the pending revalidation).
  const i18n = useTranslation().i18n.translator;
  const latest = useRef(revalidate);
  useEffect(() => {
    latest.current = revalidate;
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onChange = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), delayMs);
    };
    i18n.on('languageChanged', onChange);
    return () => {
      clearTimeout(timer);
      i18n.off('languageChanged', onChange);
    };
  }, [i18n, delayMs]);
}
