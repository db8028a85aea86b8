/** Events, registrations with waiting list, documents and the personal calendar feed. */
export { calendarFeedRoutes, eventsRoutes } from './events.routes.ts';
export { storeEventDocument } from './event-files.ts';
export { createFixtureEvent, type FixtureEvent } from './events.fixtures.ts';
export { eventsManageRoutes } from './events.manage.routes.ts';
