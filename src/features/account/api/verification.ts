/** Verification resource: SMS codes without a session (schemas/api/verification.json). */
import type { ExpiredMinutes } from '../../../generated/api/common';
import { request } from '../../../lib/api/client';

export type { ExpiredMinutes };

const SMS_NO_LOGIN_PATH = '/wps/verification/sms/noLogin';
const SMS_RESET_PASSWORD_PATH = '/wps/verification/sms/resetPassword';

/** A code (module VERIFICATION3) for registration, SMS login or setting a password by phone. */
export function sendSmsCode(mobileNum: string, countryDialingCode?: string): Promise<ExpiredMinutes> {
  return request('POST', SMS_NO_LOGIN_PATH, {
    body: { mobileNum, module: 'VERIFICATION3', ...(countryDialingCode ? { countryDialingCode } : {}) },
  });
}

/** A password-reset code to a member's mobile number (forgot password by phone). */
export function sendResetPasswordSms(mobileNo: string, countryDialingCode?: string): Promise<ExpiredMinutes> {
  return request('POST', SMS_RESET_PASSWORD_PATH, {
    body: { mobileNo, ...(countryDialingCode ? { countryDialingCode } : {}) },
  });
}
