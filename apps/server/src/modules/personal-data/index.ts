/** A person's own data items (addresses, mails, phones, bank accounts, …) and their sharing with clubs. */
export { personalDataRoutes } from './personal-data.routes.ts';
export {
  addSignUpMailAddress,
  mailAddressesOf,
  personalDataOf,
  sharedContactsFor,
} from './personal-data.service.ts';
