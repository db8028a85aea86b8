export { relyingParty } from './relying-party.ts';
export { hasSessionCookie, webOrigins, webSessionToken } from './session.http.ts';
export { sessionRepository } from './session.repository.ts';
export { sessionRoutes } from './session.routes.ts';
export { sessionService, type SessionService } from './session.service.ts';
