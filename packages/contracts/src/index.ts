export * from './constants.ts';
export * from './enums.ts';
export * from './paging.ts';
export * from './problem.ts';
export * from './person.ts';
export * from './tenant.ts';
export * from './app-config.ts';
export * from './health.ts';
