export * from './core.ts';
export * from './identity.ts';
export * from './blog.ts';
export * from './messages.ts';
export * from './push.ts';
export * from './invoices.ts';
export * from './awards.ts';
export * from './teams.ts';
