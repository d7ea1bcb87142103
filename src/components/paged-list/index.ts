export * from './list-footer';
export * from './use-infinite-scroll';
export * from './use-paged-list';
