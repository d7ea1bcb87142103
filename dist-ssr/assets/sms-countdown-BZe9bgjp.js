import { r as request } from "./client-7PKTKQkC.js";
import { a as hideLoading, o as showLoading, s as showToast } from "./feedback-epjTtoKD.js";
import { E as writeItem, S as setSession, T as removeItem } from "../entry-server.js";
import { useCallback, useEffect, useRef, useState } from "react";
// src/features/account/api/auth.ts
var LOGIN_PATH = "/wps/session/login";
var FREEPLAY_PATH = "/wps/session/login/freeplay";
/** Logs in by username and password, or by mobile number and SMS code (type sms). */
function login(payload) {
	return request("POST", LOGIN_PATH, {
		body: payload,
		encrypt: true
	});
}
/** Creates a free-play trial member (type 4) and logs it in. */
function loginFreePlay() {
	return request("POST", FREEPLAY_PATH, { body: {} });
}
/** True when a failed login's error value asks for a captcha (spec section 4). */
function demandsCaptcha(value) {
	return typeof value === "object" && value !== null && "captcha" in value && Boolean(value.captcha);
}
/**
* Stores a new session (login, registration, trial) and the password held for this tab: the
* change-password screen asks for the old password only when none is held.
*/
function startSession(value, merchantCode, heldPassword) {
	setSession(value, merchantCode);
	if (heldPassword) writeItem("PSW", heldPassword, "session");
	else removeItem("PSW", "session");
}
// src/features/account/api/verification.ts
var SMS_NO_LOGIN_PATH = "/wps/verification/sms/noLogin";
var SMS_RESET_PASSWORD_PATH = "/wps/verification/sms/resetPassword";
/** A code (module VERIFICATION3) for registration, SMS login or setting a password by phone. */
function sendSmsCode(mobileNum, countryDialingCode) {
	return request("POST", SMS_NO_LOGIN_PATH, { body: {
		mobileNum,
		module: "VERIFICATION3",
		...countryDialingCode ? { countryDialingCode } : {}
	} });
}
/** A password-reset code to a member's mobile number (forgot password by phone). */
function sendResetPasswordSms(mobileNo, countryDialingCode) {
	return request("POST", SMS_RESET_PASSWORD_PATH, { body: {
		mobileNo,
		...countryDialingCode ? { countryDialingCode } : {}
	} });
}
// src/features/account/sms-countdown.ts
/**
* The SMS code button (spec section 4): after a successful send it becomes a countdown of
* expiredMinutes x 60 seconds, during which further requests are ignored; at 0 the send button
* returns. The countdown stops when the component unmounts. A failed send only hides the loading
* indicator (spec section 8: no message); a successful one shows 'in_sms_send' for 1.5 s.
*/
var SMS_SENT_TOAST_MS = 1500;
/** Seconds of countdown for an answer's expiredMinutes (at least one second). */
function countdownSeconds(expiredMinutes) {
	return Math.max(1, Math.round(expiredMinutes * 60));
}
function useSmsCountdown() {
	const [seconds, setSeconds] = useState(0);
	const [sending, setSending] = useState(false);
	const [sent, setSent] = useState(false);
	const timer = useRef(void 0);
	const busy = useRef(false);
	const mounted = useRef(true);
	const stop = useCallback(() => {
		clearInterval(timer.current);
		timer.current = void 0;
	}, []);
	useEffect(() => {
		mounted.current = true;
		return () => {
			mounted.current = false;
			stop();
		};
	}, [stop]);
	const start = useCallback((total) => {
		stop();
		const deadline = Date.now() + total * 1e3;
		setSeconds(total);
		timer.current = setInterval(() => {
			const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1e3));
			setSeconds(left);
			if (left === 0) {
				stop();
				busy.current = false;
			}
		}, 1e3);
	}, [stop]);
	const send = useCallback(async (sendRequest) => {
		if (busy.current) return false;
		busy.current = true;
		setSending(true);
		showLoading();
		try {
			const { expiredMinutes } = await sendRequest();
			hideLoading();
			if (!mounted.current) return false;
			setSending(false);
			setSent(true);
			start(countdownSeconds(expiredMinutes));
			showToast("in_sms_send", SMS_SENT_TOAST_MS);
			return true;
		} catch {
			hideLoading();
			busy.current = false;
			if (mounted.current) setSending(false);
			return false;
		}
	}, [start]);
	const reset = useCallback(() => {
		stop();
		busy.current = false;
		setSeconds(0);
	}, [stop]);
	return {
		seconds,
		counting: seconds > 0,
		sending,
		sent,
		send,
		reset
	};
}
export { login as a, demandsCaptcha as i, sendResetPasswordSms as n, loginFreePlay as o, sendSmsCode as r, startSession as s, useSmsCountdown as t };
