// The public face of the account area: other areas, widgets and the app shell import from here only.
export { isAffiliateValid, useAffiliateCheck } from './api/affiliate';
export { demandsCaptcha, login, type LoginPayload, startSession } from './api/auth';
export { useCaptcha } from './api/captcha';
export { useMemberInfo } from './api/member';
export { registerMember, registerMethodFor, type RegisterPayload } from './api/register';
export { type RegisterSettings, useRegisterSettings } from './api/registration';
export { changePassword, forgotPasswordByEmail, setPasswordByPhone } from './api/security';
export { sendResetPasswordSms, sendSmsCode } from './api/verification';
export { useVipStatus, type VipLevel, vipNameKey, type VipStatus } from './api/vip';
export { AccountFormHostContext, CaptchaField, failureField, failureMessage, MobileNumberField, SmsCodeField, SocialLogin, useAccountContext } from './components/form-fields';
export { clearMemberData, type MemberData, refreshMemberWallet, setMemberData, useMemberState } from './member-store';
export { clearRememberedLogin, type LoginMode, readRememberedLogin, refreshRememberedPassword, REMEMBER_PASSWORD_DEFAULT, REMEMBERED_LOGIN_KEYS, writeRememberedLogin } from './remembered-login';
export { useSmsCountdown } from './sms-countdown';
export { type Check, checkCaptcha, checkChangeConfirm, checkEmail, checkField, checkRegisterConfirm, checkSmsCode, digitsOnly, type Invalid, newDiffersFromOld, type RuleSet } from './validation';
export { TRIAL_LANDING, useStartTrial } from './start-trial';
