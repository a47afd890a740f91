export * from './constants';
export * from './blueprint';
export * from './momentum';
export * from './rest';
export * from './readBack';
export * from './standUp';
export * from './slots';
export * from './standUpEntry';
