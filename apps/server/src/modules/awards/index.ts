/** A person's licences, qualifications and honors. */
export { awardsRoutes } from './awards.routes.ts';
