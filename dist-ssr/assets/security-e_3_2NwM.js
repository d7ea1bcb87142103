import { r as request } from "./client-7PKTKQkC.js";
// src/features/account/api/security.ts
var CHANGE_PASSWORD_PATH = "/wps/security/v2/changePassword";
var SET_PASSWORD_BY_PHONE_PATH = "/wps/security/setPasswordByPhone";
var FORGOT_PASSWORD_EMAIL_PATH = "/wps/security/forgotPassword/email";
function changePassword(body) {
	return request("POST", CHANGE_PASSWORD_PATH, { body });
}
/** Sets the password of the member owning the number; answers that member's userName. */
function setPasswordByPhone(body) {
	return request("POST", SET_PASSWORD_BY_PHONE_PATH, { body });
}
/** Form-encoded, as the spec's call is. */
function forgotPasswordByEmail(body) {
	return request("POST", FORGOT_PASSWORD_EMAIL_PATH, { form: {
		username: body.username,
		email: body.email
	} });
}
export { forgotPasswordByEmail as n, setPasswordByPhone as r, changePassword as t };
