// The public face of the security area: other areas, widgets and the app shell import from here only.
export { checkHeadIcon, getHeadIcon, HEAD_ICON_ACCEPT, HEAD_ICON_ENDPOINT, HEAD_ICON_TYPES, MAX_HEAD_ICON_BYTES, MAX_HEAD_ICON_MB, uploadHeadIcon, useHeadIcon } from './api/head-icon';
export { IDENTITY_ENDPOINT, type IdentityState, type IdentityStatus, useIdentityStatus } from './api/identity';
export { changePaymentPassword, type ChangePaymentPassword, ELIGIBILITY_ENDPOINT, resetPaymentPassword, type ResetPaymentPassword, securityFailure, type SecurityMessage, sendPaymentPasswordCode, setPaymentPassword, type SetPaymentPassword, usePaymentPasswordSet } from './api/payment-password';
export { SECURITY_CENTRE_PATH, SECURITY_HUB_VIEW, securityViewOf, securityViewPath } from './views';
export { useObjectUrl } from '../../components/image-picker/use-object-url';
