export * from './common';
export * from './messages';
export * from './permissions';
export * from './routes';
export * from './users';
