import { v as useMessageText } from "./form-fields-CIMhb1dU.js";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { jsx } from "react/jsx-runtime";
// src/components/form/form-error.tsx
/** A form-level message (a failed call that names no field). */
function FormError({ error }) {
	const text = useMessageText();
	return /* @__PURE__ */ jsx("p", {
		className: "form-error",
		role: "alert",
		children: error ? text(error) : null
	});
}
// src/components/form/submit-button.tsx
function isThenable(value) {
	return typeof value?.then === "function";
}
function usePending() {
	const [busy, setBusy] = useState(false);
	const running = useRef(false);
	const run = async (action) => {
		if (running.current) return;
		const result = action();
		if (!isThenable(result)) return;
		running.current = true;
		setBusy(true);
		try {
			await result;
		} finally {
			running.current = false;
			setBusy(false);
		}
	};
	return {
		busy,
		run
	};
}
/**
* A form's submit button. It takes the submission itself: a tap, and Enter in a field (browsers
* submit a form by clicking its default button), run `onSubmit` instead of the browser's submit.
*/
function SubmitButton({ onSubmit, pending, disabled, children, ...button }) {
	const own = usePending();
	const state = pending ?? own;
	const onClick = (e) => {
		e.preventDefault();
		state.run(onSubmit).catch((err) => console.error("submission failed", err));
	};
	return /* @__PURE__ */ jsx("button", {
		...button,
		type: "submit",
		disabled: disabled || state.busy,
		"aria-busy": state.busy || void 0,
		onClick,
		children
	});
}
// src/components/form/use-field-form.ts
/**
* Values, errors and touched state of a form's fields. `validate` is the form's rule for a field,
* given all values (a confirmation depends on its password).
*/
function useFieldForm(initial, validate) {
	const [values, setValues] = useState(initial);
	const [errors, setErrors] = useState({});
	const [touched, setTouched] = useState({});
	const inputs = useRef({});
	const latest = useRef({
		values,
		touched,
		validate
	});
	useEffect(() => {
		latest.current = {
			values,
			touched,
			validate
		};
	});
	const setValue = useCallback((field, value, recheck = []) => {
		const { values: current, touched: seen, validate: rule } = latest.current;
		const next = {
			...current,
			[field]: value
		};
		latest.current = {
			...latest.current,
			values: next
		};
		setValues(next);
		const update = {};
		for (const f of [field, ...recheck]) if (seen[f]) update[f] = rule(f, next);
		if (Object.keys(update).length) setErrors((e) => ({
			...e,
			...update
		}));
	}, []);
	const replaceValues = useCallback((partial) => {
		const next = {
			...latest.current.values,
			...partial
		};
		latest.current = {
			...latest.current,
			values: next
		};
		setValues(next);
	}, []);
	const blur = useCallback((field) => {
		const { values: current, validate: rule } = latest.current;
		setTouched((t) => ({
			...t,
			[field]: true
		}));
		setErrors((e) => ({
			...e,
			[field]: rule(field, current)
		}));
	}, []);
	const setError = useCallback((field, error) => setErrors((e) => ({
		...e,
		[field]: error
	})), []);
	const clearErrors = useCallback(() => setErrors({}), []);
	const focus = useCallback((field) => {
		const el = inputs.current[field];
		if (el && !el.disabled) el.focus();
	}, []);
	const checkAll = useCallback((fields) => {
		const { values: current, validate: rule } = latest.current;
		const update = {};
		for (const f of fields) update[f] = rule(f, current);
		setErrors((e) => ({
			...e,
			...update
		}));
		setTouched((t) => ({
			...t,
			...Object.fromEntries(fields.map((f) => [f, true]))
		}));
		const first = fields.find((f) => update[f]);
		if (first) focus(first);
		return first;
	}, [focus]);
	const revalidateFilled = useCallback(() => {
		const { values: current, touched: seen, validate: rule } = latest.current;
		const update = {};
		for (const f of Object.keys(current)) if (seen[f] && current[f] !== "") update[f] = rule(f, current);
		if (Object.keys(update).length) setErrors((e) => ({
			...e,
			...update
		}));
	}, []);
	const bind = (field) => ({
		name: field,
		value: values[field],
		onValueChange: (v) => setValue(field, v),
		onBlur: () => blur(field),
		error: errors[field],
		inputRef: (el) => {
			inputs.current[field] = el;
		}
	});
	return {
		values,
		errors,
		touched,
		setValue,
		replaceValues,
		blur,
		setError,
		clearErrors,
		checkAll,
		revalidateFilled,
		focus,
		bind
	};
}
/**
* Revalidates when the language changes, after a 200 ms debounce (spec section 4), so that the
* messages of filled fields are produced again in the new language.
*/
function useLanguageRevalidation(revalidate, delayMs = 200) {
	const { i18n: wrapped } = useTranslation();
	const i18n = wrapped.__original ?? wrapped;
	const latest = useRef(revalidate);
	useEffect(() => {
		latest.current = revalidate;
	});
	useEffect(() => {
		let timer;
		const onChange = () => {
			clearTimeout(timer);
			timer = setTimeout(() => latest.current(), delayMs);
		};
		i18n.on("languageChanged", onChange);
		return () => {
			clearTimeout(timer);
			i18n.off("languageChanged", onChange);
		};
	}, [i18n, delayMs]);
}
export { FormError as a, usePending as i, useLanguageRevalidation as n, SubmitButton as r, useFieldForm as t };
