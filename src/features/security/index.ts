// The public face of the security area: other areas, widgets and the app shell import from here only.
export { checkHeadIcon, HEAD_ICON_ACCEPT, MAX_HEAD_ICON_BYTES, uploadHeadIcon, useHeadIcon } from './api/head-icon';
export { type IdentityStatus, useIdentityStatus } from './api/identity';
export { changePaymentPassword, resetPaymentPassword, securityFailure, type SecurityMessage, sendPaymentPasswordCode, setPaymentPassword, usePaymentPasswordSet } from './api/payment-password';
export { SECURITY_HUB_VIEW, securityViewOf, securityViewPath } from './views';
export { useObjectUrl } from '../../components/file-picker';
