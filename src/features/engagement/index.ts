// The public face of the engagement area: other areas, widgets and the app shell import from here only.
export * from './api/messages';
export * from './api/promotions';
export * from './api/feedback';
export * from './api/referral';
export * from './api/rewards';
export * from './api/missions';
