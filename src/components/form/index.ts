export * from './amount-field';
export * from './form-error';
export * from './form-tabs';
export * from './message';
export * from './submit-button';
export * from './text-field';
export * from './use-field-form';
