import { D as validateRememberedLogin, E as writeItem, T as removeItem, w as readJson } from "../entry-server.js";
// src/features/account/remembered-login.ts
var REMEMBERED_LOGIN_KEYS = {
	username: "MC_REMEMBER_LOGIN_USERNAME",
	sms: "MC_REMEMBER_LOGIN_SMS"
};
function utf8ToBase64(text) {
	let binary = "";
	for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
	return btoa(binary);
}
function base64ToUtf8(b64) {
	const binary = atob(b64);
	const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
	return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}
/** Base64 of base64: reversible, see the module comment. */
function encodePassword(password) {
	return utf8ToBase64(utf8ToBase64(password));
}
/** Reverses encodePassword; anything undecodable gives ''. */
function decodePassword(encoded) {
	try {
		return base64ToUtf8(base64ToUtf8(encoded));
	} catch {
		return "";
	}
}
/** The remembered record of a mode, decoded; null when none is stored or it fails its schema. */
function readRememberedLogin(mode) {
	const value = readJson(REMEMBERED_LOGIN_KEYS[mode]);
	if (value === void 0 || !validateRememberedLogin(value)) return null;
	const record = value;
	if (record.type !== mode) return null;
	return {
		...record,
		password: decodePassword(record.password)
	};
}
/** Stores the record of a mode (the password encoded). */
function writeRememberedLogin(credentials) {
	const record = {
		type: credentials.type,
		username: credentials.username,
		password: encodePassword(credentials.password)
	};
	if (credentials.countryDialingCode) record.countryDialingCode = credentials.countryDialingCode;
	if (!validateRememberedLogin(record)) return;
	writeItem(REMEMBERED_LOGIN_KEYS[credentials.type], JSON.stringify(record));
}
function clearRememberedLogin(mode) {
	removeItem(REMEMBERED_LOGIN_KEYS[mode]);
}
/**
* After a password change: the remembered username-mode record of this account gets the new
* password (records of other accounts, and a cleared record, stay as they are).
*/
function refreshRememberedPassword(username, newPassword) {
	const current = readRememberedLogin("username");
	if (!current || current.username.toLowerCase() !== username.toLowerCase()) return;
	writeRememberedLogin({
		...current,
		password: newPassword
	});
}
export { writeRememberedLogin as i, readRememberedLogin as n, refreshRememberedPassword as r, clearRememberedLogin as t };
