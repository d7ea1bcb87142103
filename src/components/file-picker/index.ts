export * from './file-picker';
export { useObjectUrl } from './use-object-url';
