/** My profile: the /me facade over person, clubs, approvals and personal data; avatar uploads. */
export { profileRoutes } from './profile.routes.ts';
export { storedFileNamesOf } from './profile.service.ts';
