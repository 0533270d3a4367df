export * from './auth';
export * from './board';
