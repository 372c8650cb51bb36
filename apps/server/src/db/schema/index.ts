export * from './leads';
export * from './resources';
export * from './settings';
export * from './users';
export * from './audit';
export * from './two-factor';
export * from './commissions';
export * from './conversions';
