// The public face of the account area: other areas, widgets and the app shell import from here only.
export { AFFILIATE_CHECK_PATH, type AffiliateResult, checkAffiliate, isAffiliateValid, useAffiliateCheck } from './api/affiliate';
export { demandsCaptcha, FREEPLAY_PATH, login, LOGIN_PATH, loginFreePlay, type LoginPayload, type Session, startSession } from './api/auth';
export { type Captcha, CAPTCHA_PATH, captchaImageSrc, type CaptchaState, fetchCaptcha, useCaptcha } from './api/captcha';
export { getMemberInfo, MEMBER_INFO_PATH, type MemberInfo, useMemberInfo } from './api/member';
export { REGISTER_PATH, registerMember, registerMethodFor, type RegisterPayload } from './api/register';
export { REGISTER_SETTINGS_PATH, type RegisterSettings, useRegisterSettings, useValidationRules, VALIDATION_RULES_PATH, type ValidationRules } from './api/registration';
export { CHANGE_PASSWORD_PATH, changePassword, type ChangePassword, FORGOT_PASSWORD_EMAIL_PATH, forgotPasswordByEmail, type ForgotPasswordEmail, SET_PASSWORD_BY_PHONE_PATH, setPasswordByPhone, type SetPasswordByPhone } from './api/security';
export { type ExpiredMinutes, sendResetPasswordSms, sendSmsCode, SMS_NO_LOGIN_PATH, SMS_RESET_PASSWORD_PATH } from './api/verification';
export { useVipStatus, VIP_ENDPOINT, type VipLevel, vipNameKey, type VipStatus } from './api/vip';
export { AccountFormHostContext, CaptchaField, type CaptchaFieldProps, failureField, failureMessage, MobileNumberField, type MobileNumberFieldProps, SendCodeButton, SmsCodeField, type SmsCodeFieldProps, SocialLogin, type SocialLoginProps, useAccountContext } from './components/form-fields';
export { clearMemberData, EMPTY_MEMBER_DATA, type MemberData, refreshMemberWallet, setMemberData, useMemberData, useMemberState } from './member-store';
export { clearRememberedLogin, decodePassword, encodePassword, type LoginMode, readRememberedLogin, refreshRememberedPassword, REMEMBER_PASSWORD_DEFAULT, REMEMBERED_LOGIN_KEYS, type RememberedCredentials, type RememberedLogin, writeRememberedLogin } from './remembered-login';
export { countdownSeconds, SMS_SENT_TOAST_MS, type SmsCountdown, useSmsCountdown } from './sms-countdown';
export { allValid, CAPTCHA_LENGTH, CAPTCHA_MAX, CAPTCHA_MIN, type CaptchaContext, type Check, checkCaptcha, checkChangeConfirm, checkEmail, checkField, checkRegisterConfirm, checkRule, checkSmsCode, clampMobileInput, digitsOnly, EMAIL_LENGTH_LIMIT, EMAIL_PATTERN, type FieldRule, firstInvalid, type Invalid, MOBILE_INPUT_MAX, mobileMinLength, newDiffersFromOld, REQUIRED, type RuleOptions, type RuleSet, satisfiesRule, SMS_CODE_MAX } from './validation';
export { TRIAL_LANDING, useStartTrial } from './start-trial';
