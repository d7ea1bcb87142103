/**
 * Remembered-login records (spec section 3), one per login mode, in local storage. The password
 * is "double-encoded" as the spec says: base64 of base64 of its UTF-8 bytes. That is reversible
 * obfuscation, not protection: it only keeps the password from being read at a glance. Anyone
 * with access to the device's storage can decode it. Records are validated on read with the
 * precompiled schema validator; a record that fails reads as none.
 */
import type { RememberedLogin } from '../../generated/storage/remembered-login';
import { validateRememberedLogin } from '../../generated/validators.js';
import { readJson, removeItem, writeItem } from '../../lib/storage';

export type LoginMode = RememberedLogin['type'];
;

/** The remember-password checkbox starts ticked. */
export const REMEMBER_PASSWORD_DEFAULT = true;

export const REMEMBERED_LOGIN_KEYS: Readonly<Record<LoginMode, string>> = {
  username: 'MC_REMEMBER_LOGIN_USERNAME',
  sms: 'MC_REMEMBER_LOGIN_SMS',
};

function utf8ToBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function base64ToUtf8(b64: string): string {
  const binary = atob(b64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** Base64 of base64: reversible, see the module comment. */
export function encodePassword(password: string): string {
  return utf8ToBase64(utf8ToBase64(password));
}

/** Reverses encodePassword; anything undecodable gives ''. */
export function decodePassword(encoded: string): string {
  try {
    return base64ToUtf8(base64ToUtf8(encoded));
  } catch {
    return '';
  }
}

/** What a form gets back: the record with its password decoded. */
export interface RememberedCredentials {
  type: LoginMode;
  username: string;
  password: string;
  countryDialingCode?: string;
}

/** The remembered record of a mode, decoded; null when none is stored or it fails its schema. */
export function readRememberedLogin(mode: LoginMode): RememberedCredentials | null {
  const value = readJson(REMEMBERED_LOGIN_KEYS[mode]);
  if (value === undefined || !validateRememberedLogin(value)) return null;
  const record = value as RememberedLogin;
  if (record.type !== mode) return null;
  return { ...record, password: decodePassword(record.password) };
}

/** Stores the record of a mode (the password encoded). */
export function writeRememberedLogin(credentials: RememberedCredentials): void {
  const record: RememberedLogin = {
    type: credentials.type,
    username: credentials.username,
    password: encodePassword(credentials.password),
  };
  if (credentials.countryDialingCode) record.countryDialingCode = credentials.countryDialingCode;
  // Never store what we could not read back.
  if (!validateRememberedLogin(record)) return;
  writeItem(REMEMBERED_LOGIN_KEYS[credentials.type], JSON.stringify(record));
}

export function clearRememberedLogin(mode: LoginMode): void {
  removeItem(REMEMBERED_LOGIN_KEYS[mode]);
}

/**
 * After a password change: the remembered username-mode record of this account gets the new
 * password (records of other accounts, and a cleared record, stay as they are).
 */
export function refreshRememberedPassword(username: string, newPassword: string): void {
  const current = readRememberedLogin('username');
  if (!current || current.username.toLowerCase() !== username.toLowerCase()) return;
  writeRememberedLogin({ ...current, password: newPassword });
}
