export * from './image-picker';
