// The public face of the security area: other areas, widgets and the app shell import from here only.
export * from './api/head-icon';
export * from './api/identity';
export * from './api/payment-password';
export * from './views';
export { useObjectUrl } from '../../lib/object-url';
