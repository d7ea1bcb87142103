// The public face of the account area: other areas, widgets and the app shell import from here only.
export * from './api/affiliate';
export * from './api/auth';
export * from './api/captcha';
export * from './api/member';
export * from './api/register';
export * from './api/registration';
export * from './api/security';
export * from './api/verification';
export * from './api/vip';
export * from './components/form-fields';
export * from './member-store';
export * from './remembered-login';
export * from './sms-countdown';
export * from './validation';
export * from './start-trial';
