export * from './limits';
export * from './schema';
export * from './io';
export { takeCommandSchema } from './commandSchema';
