// The public face of the home area: other areas, widgets and the app shell import from here only.
export * from './api/announcements';
export * from './api/help';
export * from './download';
export * from './install-prompt';
