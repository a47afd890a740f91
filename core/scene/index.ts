export * from './schema';
export * from './io';
export * from './errors';
export * from './limits';
export * from './builtinProps';
export * from './edit';
export * from './editAssets';
export * from './propFile';
