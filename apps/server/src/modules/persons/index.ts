/** Persons: the person row, the link of provider subjects to persons, and the person's avatars. */
export { personsRoutes } from './persons.routes.ts';
export type { ImageScope, PersonFields, PersonRow } from './persons.repository.ts';
export {
  avatarUrlsOf,
  clubAvatarsOf,
  createPerson,
  deletePerson,
  findOrProvisionPerson,
  findSelf,
  linkIdentity,
  lockSelf,
  personClaims,
  removeAvatar,
  setAvatar,
  subjectsOf,
  toBasePerson,
  updateSelf,
  type TenantAvatars,
} from './persons.service.ts';
