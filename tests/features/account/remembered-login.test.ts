// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  REMEMBERED_LOGIN_KEYS,
  REMEMBER_PASSWORD_DEFAULT,
  clearRememberedLogin,
  decodePassword,
  encodePassword,
  readRememberedLogin,
  refreshRememberedPassword,
  writeRememberedLogin,
} from '../../../src/features/account/remembered-login';

afterEach(() => localStorage.clear());

describe('remembered login', () => {
  it('remember password is on by default', () => {
    expect(REMEMBER_PASSWORD_DEFAULT).toBe(true);
  });

  it('double-encodes the password (base64 of base64), reversibly, UTF-8 included', () => {
    expect(encodePassword('secret99')).toBe(btoa(btoa('secret99')));
    expect(decodePassword(encodePassword('secret99'))).toBe('secret99');
    expect(decodePassword(encodePassword('pässwörd✓'))).toBe('pässwörd✓');
    expect(decodePassword('not base64!')).toBe('');
  });

  it('keeps one record per mode, stored encoded and read back decoded', () => {
    writeRememberedLogin({ type: 'username', username: 'juan123', password: 'secret99' });
    writeRememberedLogin({ type: 'sms', username: '9171234567', password: '', countryDialingCode: '+63' });
    const stored = JSON.parse(localStorage.getItem(REMEMBERED_LOGIN_KEYS.username) ?? '{}');
    expect(stored).toEqual({ type: 'username', username: 'juan123', password: btoa(btoa('secret99')) });
    expect(readRememberedLogin('username')).toEqual({ type: 'username', username: 'juan123', password: 'secret99' });
    expect(readRememberedLogin('sms')).toEqual({ type: 'sms', username: '9171234567', password: '', countryDialingCode: '+63' });
    clearRememberedLogin('username');
    expect(readRememberedLogin('username')).toBeNull();
    expect(readRememberedLogin('sms')).not.toBeNull();
  });

  it('a record that fails its schema, or names the other mode, reads as none', () => {
    localStorage.setItem(REMEMBERED_LOGIN_KEYS.username, JSON.stringify({ type: 'username', username: 'juan123' }));
    expect(readRememberedLogin('username')).toBeNull();
    localStorage.setItem(REMEMBERED_LOGIN_KEYS.username, JSON.stringify({ type: 'username', username: 'x', password: 'eA==', extra: 1 }));
    expect(readRememberedLogin('username')).toBeNull();
    localStorage.setItem(REMEMBERED_LOGIN_KEYS.username, JSON.stringify({ type: 'sms', username: 'x', password: '' }));
    expect(readRememberedLogin('username')).toBeNull();
    localStorage.setItem(REMEMBERED_LOGIN_KEYS.username, '{not json');
    expect(readRememberedLogin('username')).toBeNull();
  });

  it('refreshRememberedPassword updates only the same account’s record', () => {
    refreshRememberedPassword('juan123', 'newpass77');
    expect(readRememberedLogin('username')).toBeNull();
    writeRememberedLogin({ type: 'username', username: 'Juan123', password: 'secret99' });
    refreshRememberedPassword('other', 'newpass77');
    expect(readRememberedLogin('username')?.password).toBe('secret99');
    refreshRememberedPassword('juan123', 'newpass77');
    expect(readRememberedLogin('username')?.password).toBe('newpass77');
  });
});
