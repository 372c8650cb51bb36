export * from './constants';
export * from './countries';
export * from './envelope';
export * from './fields';
export * from './leads';
export * from './messages';
export * from './settings';
export * from './users';
