export * from './leads';
export * from './resources';
export * from './settings';
export * from './users';
export * from './audit';
export * from './dashboard';
export * from './conversions';
