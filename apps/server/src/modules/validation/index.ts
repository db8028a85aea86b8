/** Profile validation: joining a club, reviewers checking a person's data section by section, invitation links. */
export { validationRoutes } from './validation.routes.ts';
export { validationRepository } from './validation.repository.ts';
