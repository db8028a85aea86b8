/** The account as a whole: GDPR export and deletion. */
export { accountRoutes } from './account.routes.ts';
