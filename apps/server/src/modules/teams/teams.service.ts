import type {
  PagedQuery,
  TeamContactPersonList,
  TeamDetail,
  TeamDocumentList,
  TeamList,
  TeamSummary,
} from '@vereinsheim/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { pagedList, pageWindow } from '../../lib/paging.ts';
import { authorize, notVisible, type Actor } from '../../policy/index.ts';
import { sharedContactsFor } from '../personal-data/index.ts';
import { readTeamFile } from './team-files.ts';
import { teamsRepository, type TeamWithCounts } from './teams.repository.ts';
import type { FileStore } from '../media/index.ts';

function toSummary(team: TeamWithCounts): TeamSummary {
  return {
    id: team.id,
    tenantId: team.tenantId,
    tenantName: team.tenantName,
    name: team.name,
    description: team.description,
    sport: team.sport,
    avatarImageUrl: team.avatarImageUrl,
    memberCount: team.memberCount,
    myRoles: team.myRoles,
  };
}

/**
 * Who sees a team: every active member of the team's club (rosters, documents and contact persons
 * are club-internal, as on a club's notice board). A member's mail and phone appear only where the
 * member shared them (intern or extern) with that club. Anyone else gets 404.
 */
async function visibleTeam(db: DbOrTx, actor: Actor, teamId: string, tenantId?: string) {
  const scope = await actor.scope();
  const team = await teamsRepository.findVisible(db, scope, teamId, tenantId);
  if (!team) throw notVisible('team');
  await authorize(actor, 'team.view', { type: 'team', tenantId: team.tenantId, teamId: team.id });
  return { team, scope };
}

export const teamsService = {
  async listMine(db: DbOrTx, actor: Actor, query: PagedQuery): Promise<TeamList> {
    const order = query.orderbytype ?? 'ascending';
    const window = pageWindow(query);
    const { rows, total } = await teamsRepository.findForPerson(db, await actor.scope(), {
      order,
      limit: window.limit,
      offset: window.offset,
    });
    return pagedList(rows.map(toSummary), total, window, order);
  },

  async detail(db: DbOrTx, actor: Actor, teamId: string): Promise<TeamDetail> {
    const { team, scope } = await visibleTeam(db, actor, teamId);
    const members = await teamsRepository.members(db, scope, team);
    const upcoming = await teamsRepository.upcomingEvents(db, scope, team, new Date());
    const contacts = await sharedContactsFor(
      db,
      scope,
      team.tenantId,
      members.map((m) => m.personId),
    );
    return {
      ...toSummary(team),
      members: members.map((m) => ({
        ...m,
        mails: contacts.mails.get(m.personId) ?? [],
        phones: contacts.phones.get(m.personId) ?? [],
      })),
      upcomingEvents: upcoming.map((e) => ({
        id: e.id,
        name: e.name,
        startTime: e.startsAt.toISOString(),
        endTime: e.endsAt.toISOString(),
        place: [e.placeName, e.city].filter(Boolean).join(', ') || null,
      })),
    };
  },

  async documents(db: DbOrTx, actor: Actor, tenantId: string, teamId: string): Promise<TeamDocumentList> {
    const { team, scope } = await visibleTeam(db, actor, teamId, tenantId);
    const rows = await teamsRepository.documents(db, scope, team);
    return {
      items: rows.map((d) => ({
        id: d.id,
        teamId: d.teamId,
        tenantId: d.tenantId,
        name: d.name,
        fileName: d.fileName,
        contentType: d.contentType,
        size: d.size,
        createdAt: d.createdAt.toISOString(),
        downloadUrl: `/tenant/${d.tenantId}/team/${d.teamId}/documentupload/${d.id}/download`,
      })),
    };
  },

  async download(
    db: DbOrTx,
    files: FileStore,
    actor: Actor,
    params: { tenantId: string; teamId: string; documentId: string },
  ): Promise<{ bytes: Buffer; fileName: string; contentType: string }> {
    const { team, scope } = await visibleTeam(db, actor, params.teamId, params.tenantId);
    const doc = await teamsRepository.document(db, scope, team, params.documentId);
    if (!doc) throw notVisible('document');
    const bytes = await readTeamFile(files, doc.teamId, doc.storageKey);
    if (!bytes) throw notVisible('file');
    return { bytes, fileName: doc.fileName, contentType: doc.contentType };
  },

  async contactPersons(
    db: DbOrTx,
    actor: Actor,
    tenantId: string,
    teamId: string,
  ): Promise<TeamContactPersonList> {
    const { team, scope } = await visibleTeam(db, actor, teamId, tenantId);
    const rows = await teamsRepository.contactPersons(db, scope, team);
    return {
      items: rows.map((c) => ({
        id: c.id,
        name: c.name,
        function: c.function,
        mail: c.mail,
        phone: c.phone,
        avatarImageUrl: c.avatarImageUrl,
      })),
    };
  },
};
