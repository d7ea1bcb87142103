// The public face of the protection area: other areas, widgets and the app shell import from here only.
export * from './api/limits';
export * from './api/statement';
export * from './limit-rules';
export * from './api/exclusion';
export * from './api/reality-check';
export * from './components/reality-overlay';
