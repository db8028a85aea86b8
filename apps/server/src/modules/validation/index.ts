/** Profile validation: joining a club, reviewers checking a person's data section by section, invitation links. */
export { validationRoutes } from './validation.routes.ts';
export { validationRepository } from './validation.repository.ts';

import type { Tx } from '../../db/client.ts';
import { validationService } from './validation.service.ts';

/** A person changed identity data: opens identity-change cases where their clubs review such changes. */
export const openIdentityChangeCases = (tx: Tx, personId: string) =>
  validationService.identityChanged(tx, personId);
