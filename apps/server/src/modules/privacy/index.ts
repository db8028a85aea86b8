/** Privacy notices and terms per club, and the `person_privacyaccepted` claim that follows from them. */
export { privacyRoutes } from './privacy.routes.ts';
export { privacyAccepted, privacyService } from './privacy.service.ts';
