/** Teams of a club: rosters, documents, contact persons, upcoming events. */
export { teamsRoutes } from './teams.routes.ts';
export { storeTeamDocument } from './team-files.ts';
export { teamWithMemberIds } from './teams.repository.ts';
