export * from './gesture';
export * from './builtins';
