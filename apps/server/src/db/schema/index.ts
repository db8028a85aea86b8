export * from './core.ts';
export * from './identity.ts';
