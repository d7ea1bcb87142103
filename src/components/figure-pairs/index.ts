export * from './figure-pairs';
