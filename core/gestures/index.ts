export * from './gesture';
export * from './builtins';
export * from './plan';
