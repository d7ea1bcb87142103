/** Security resource: change password (V2), set password by phone, forgot password by e-mail (schemas/api/security.json). */
import type { ChangePassword, ForgotPasswordEmail, SetPasswordByPhone, UserName } from '../../../generated/api/security';
import { request } from '../../../lib/api/client';

export type { ChangePassword, ForgotPasswordEmail, SetPasswordByPhone };

const CHANGE_PASSWORD_PATH = '/wps/security/v2/changePassword';
const SET_PASSWORD_BY_PHONE_PATH = '/wps/security/setPasswordByPhone';
const FORGOT_PASSWORD_EMAIL_PATH = '/wps/security/forgotPassword/email';

export function changePassword(body: ChangePassword): Promise<true> {
  return request('POST', CHANGE_PASSWORD_PATH, { body });
}

/** Sets the password of the member owning the number; answers that member's userName. */
export function setPasswordByPhone(body: SetPasswordByPhone): Promise<UserName> {
  return request('POST', SET_PASSWORD_BY_PHONE_PATH, { body });
}

/** Form-encoded, as the spec's call is. */
export function forgotPasswordByEmail(body: ForgotPasswordEmail): Promise<true> {
  return request('POST', FORGOT_PASSWORD_EMAIL_PATH, { form: { username: body.username, email: body.email } });
}
