import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TeamContactPersonListSchema,
  TeamDetailSchema,
  TeamDocumentListSchema,
  TeamListSchema,
} from '@vereinsheim/contracts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import {
  events,
  itemSharing,
  mailAddresses,
  phoneNumbers,
  teamContactPersons,
  teamEvents,
  teamMembers,
  teams,
} from '../../db/schema/index.ts';
import { storeTeamDocument } from './team-files.ts';

let ctx: TestContext;
let owner: TestPerson;
let teammate: TestPerson;
let clubmate: TestPerson;
let outsider: TestPerson;
let clubA: string;
let clubB: string;
let team1: string;
let team2: string;
let team3: string;
let doc1: string;
let doc2: string;
const pdfBytes = Buffer.from('%PDF-1.4\n% Trainingsplan\n');

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, teammate, clubmate, outsider] = await Promise.all([
    ctx.createPerson({ firstName: 'Mia', lastName: 'Owner' }),
    ctx.createPerson({ firstName: 'Tom', lastName: 'Teammate' }),
    ctx.createPerson({ firstName: 'Cleo', lastName: 'Clubmate' }),
    ctx.createPerson({ firstName: 'Olaf', lastName: 'Outsider' }),
  ]);
  clubA = await ctx.createClub('TSV Test');
  clubB = await ctx.createClub('SC Anders');
  for (const p of [owner, teammate, clubmate]) await ctx.addMembership(p.personId, clubA);
  await ctx.addMembership(owner.personId, clubB);
  await ctx.addMembership(teammate.personId, clubB);
  await ctx.addMembership(outsider.personId, clubB);

  [{ id: team1 }, { id: team2 }, { id: team3 }] = (await ctx.db
    .insert(teams)
    .values([
      { tenantId: clubA, name: 'Damen 1', sport: 'Volleyball', description: 'Bezirksliga' },
      { tenantId: clubB, name: 'Herren Ruder-Achter', sport: 'Rudern' },
      { tenantId: clubA, name: 'A-Jugend', sport: 'Volleyball' },
    ])
    .returning({ id: teams.id })) as [{ id: string }, { id: string }, { id: string }];
  await ctx.db.insert(teamMembers).values([
    { teamId: team1, personId: owner.personId, role: 'player' },
    { teamId: team1, personId: owner.personId, role: 'captain' },
    { teamId: team1, personId: teammate.personId, role: 'player' },
    { teamId: team2, personId: outsider.personId, role: 'player' },
    { teamId: team2, personId: teammate.personId, role: 'trainer' },
    { teamId: team3, personId: owner.personId, role: 'trainer' },
  ]);

  // Teammate's contact data: one mail shared intern with club A, one phone shared extern with club A,
  // one mail shared only with club B, one mail not shared at all, one phone shared but with no scope.
  const [m1, m2, m3] = await ctx.db
    .insert(mailAddresses)
    .values([
      { personId: teammate.personId, email: 'tom@a.example' },
      { personId: teammate.personId, email: 'tom@b.example' },
      { personId: teammate.personId, email: 'tom@privat.example' },
    ])
    .returning({ id: mailAddresses.id });
  const [p1, p2] = await ctx.db
    .insert(phoneNumbers)
    .values([
      { personId: teammate.personId, number: '+49 170 1111111' },
      { personId: teammate.personId, number: '+49 170 2222222' },
    ])
    .returning({ id: phoneNumbers.id });
  // Owner's mail is shared with club A too, but by another person's sharing row (must not count).
  const [om] = await ctx.db
    .insert(mailAddresses)
    .values({ personId: owner.personId, email: 'mia@owner.example' })
    .returning({ id: mailAddresses.id });
  await ctx.db.insert(itemSharing).values([
    { personId: teammate.personId, itemKind: 'mail', itemId: m1!.id, tenantId: clubA, intern: true },
    { personId: teammate.personId, itemKind: 'mail', itemId: m2!.id, tenantId: clubB, extern: true },
    { personId: teammate.personId, itemKind: 'phone', itemId: p1!.id, tenantId: clubA, extern: true },
    {
      personId: teammate.personId,
      itemKind: 'phone',
      itemId: p2!.id,
      tenantId: clubA,
      intern: false,
      extern: false,
    },
    { personId: teammate.personId, itemKind: 'mail', itemId: om!.id, tenantId: clubA, intern: true },
  ]);
  void m3;

  const hours = (h: number) => new Date(Date.now() + h * 3_600_000);
  const evs = await ctx.db
    .insert(events)
    .values([
      {
        tenantId: clubA,
        name: 'Heimspiel',
        startsAt: hours(48),
        endsAt: hours(50),
        placeName: 'Halle',
        city: 'München',
      },
      { tenantId: clubA, name: 'Training läuft', startsAt: hours(-1), endsAt: hours(1) },
      { tenantId: clubA, name: 'Vergangen', startsAt: hours(-50), endsAt: hours(-48) },
      { tenantId: clubA, name: 'Abgesagt', startsAt: hours(24), endsAt: hours(26), cancelled: true },
      { tenantId: clubB, name: 'Fremder Verein', startsAt: hours(24), endsAt: hours(26) },
      { tenantId: clubA, name: 'Nicht verknüpft', startsAt: hours(24), endsAt: hours(26) },
    ])
    .returning({ id: events.id });
  await ctx.db.insert(teamEvents).values(evs.slice(0, 5).map((e) => ({ teamId: team1, eventId: e.id })));

  doc1 = await storeTeamDocument(ctx.db, ctx.files, {
    tenantId: clubA,
    teamId: team1,
    name: 'Trainingsplan Herbst',
    fileName: 'Trainingsplan Herbst.pdf',
    contentType: 'application/pdf',
    bytes: pdfBytes,
  });
  doc2 = await storeTeamDocument(ctx.db, ctx.files, {
    tenantId: clubB,
    teamId: team2,
    name: 'Regattaplan',
    fileName: 'regatta.txt',
    contentType: 'text/plain; charset=utf-8',
    bytes: Buffer.from('Regatta'),
  });
  await ctx.db.insert(teamContactPersons).values([
    {
      teamId: team1,
      tenantId: clubA,
      name: 'Petra Trainerin',
      function: 'Trainerin',
      mail: 'petra@tsv.example',
      phone: '+49 89 123456',
      position: 1,
    },
    {
      teamId: team1,
      tenantId: clubA,
      personId: owner.personId,
      name: 'Mia Owner',
      function: 'Kapitänin',
      position: 2,
    },
    { teamId: team2, tenantId: clubB, name: 'Bootswart', function: 'Bootswart' },
  ]);
});
afterAll(() => ctx.close());

const get = async (url: string, who?: TestPerson) =>
  ctx.app.inject({ method: 'GET', url, headers: who ? await ctx.auth(who) : {} });

describe('GET /api/me/team', () => {
  it("lists the person's teams by name with their roles and member counts", async () => {
    const res = await get('/api/me/team', owner);
    expect(res.statusCode).toBe(200);
    const body = TeamListSchema.parse(res.json());
    expect(body.items.map((t) => [t.name, t.myRoles, t.memberCount])).toEqual([
      ['A-Jugend', ['trainer'], 1],
      ['Damen 1', ['captain', 'player'], 2],
    ]);
    expect(body.items[1]).toMatchObject({ tenantId: clubA, tenantName: 'TSV Test', sport: 'Volleyball' });
    expect(body).toMatchObject({ maximumcount: 2, orderbytype: 'ascending' });
  });

  it('pages and orders descending on request; others see only their own teams', async () => {
    const page = TeamListSchema.parse(
      (await get('/api/me/team?page=2&pagesize=1&orderbytype=descending', owner)).json(),
    );
    expect(page.items.map((t) => t.name)).toEqual(['A-Jugend']);
    expect(TeamListSchema.parse((await get('/api/me/team', clubmate)).json()).items).toEqual([]);
    const out = TeamListSchema.parse((await get('/api/me/team', outsider)).json());
    expect(out.items.map((t) => t.name)).toEqual(['Herren Ruder-Achter']);
    expect((await get('/api/me/team')).statusCode).toBe(401);
    expect((await get('/api/me/team?orderby=sport', owner)).statusCode).toBe(400);
  });
});

describe('GET /api/team/{id}', () => {
  it('shows members with name, avatar and roles; contact data only where shared with the club', async () => {
    const res = await get(`/api/team/${team1}`, owner);
    expect(res.statusCode).toBe(200);
    const body = TeamDetailSchema.parse(res.json());
    expect(body).toMatchObject({
      id: team1,
      name: 'Damen 1',
      description: 'Bezirksliga',
      myRoles: ['captain', 'player'],
    });
    expect(body.members).toEqual([
      {
        personId: owner.personId,
        firstName: 'Mia',
        lastName: 'Owner',
        avatarImageUrl: null,
        roles: ['captain', 'player'],
        mails: [],
        phones: [],
      },
      {
        personId: teammate.personId,
        firstName: 'Tom',
        lastName: 'Teammate',
        avatarImageUrl: null,
        roles: ['player'],
        mails: ['tom@a.example'],
        phones: ['+49 170 1111111'],
      },
    ]);
    expect(res.body).not.toContain('tom@b.example');
    expect(res.body).not.toContain('tom@privat.example');
    expect(res.body).not.toContain('2222222');
    expect(res.body).not.toContain('mia@owner.example');
  });

  it("lists the team's upcoming and running events of its own club, soonest first", async () => {
    const body = TeamDetailSchema.parse((await get(`/api/team/${team1}`, clubmate)).json());
    expect(body.upcomingEvents.map((e) => e.name)).toEqual(['Training läuft', 'Heimspiel']);
    expect(body.upcomingEvents[1]).toMatchObject({ place: 'Halle, München' });
    const other = TeamDetailSchema.parse((await get(`/api/team/${team3}`, owner)).json());
    expect(other.upcomingEvents).toEqual([]);
  });

  it("uses the team's club for sharing: in club B's team the club-B mail shows, the club-A one not", async () => {
    const body = TeamDetailSchema.parse((await get(`/api/team/${team2}`, outsider)).json());
    const tom = body.members.find((m) => m.personId === teammate.personId)!;
    expect(tom).toMatchObject({ roles: ['trainer'], mails: ['tom@b.example'], phones: [] });
  });

  it.each([
    ['a team member', () => owner, 200],
    ['a member of the club outside the team', () => clubmate, 200],
    ['a member of another club', () => outsider, 404],
    ['no token', () => undefined, 401],
  ])('answers %s', async (_name, who, status) => {
    const res = await get(`/api/team/${team1}`, who());
    expect(res.statusCode).toBe(status);
    if (status !== 200) expect(res.body).not.toContain('Damen 1');
  });

  it('answers 404 for an unknown team and 400 for a malformed id', async () => {
    expect((await get('/api/team/00000000-0000-4000-8000-000000000000', owner)).statusCode).toBe(404);
    expect((await get('/api/team/abc', owner)).statusCode).toBe(400);
  });
});

describe('team documents', () => {
  it('lists the documents and downloads the stored bytes', async () => {
    const res = await get(`/api/tenant/${clubA}/team/${team1}/documentupload`, owner);
    expect(res.statusCode).toBe(200);
    const body = TeamDocumentListSchema.parse(res.json());
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      id: doc1,
      name: 'Trainingsplan Herbst',
      fileName: 'Trainingsplan Herbst.pdf',
      contentType: 'application/pdf',
      size: pdfBytes.length,
      downloadUrl: `/tenant/${clubA}/team/${team1}/documentupload/${doc1}/download`,
    });
    const file = await get(`/api${body.items[0]!.downloadUrl}`, owner);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''Trainingsplan%20Herbst.pdf");
    expect(file.rawPayload.equals(pdfBytes)).toBe(true);
  });

  it.each([
    ['a member of another club', () => outsider, `/tenant/CLUBA/team/TEAM1/documentupload`, 404],
    ['no token', () => undefined, `/tenant/CLUBA/team/TEAM1/documentupload`, 401],
    ['the wrong tenant in the path', () => owner, `/tenant/CLUBB/team/TEAM1/documentupload`, 404],
    [
      'a download by another club',
      () => outsider,
      `/tenant/CLUBA/team/TEAM1/documentupload/DOC1/download`,
      404,
    ],
    [
      'a download without token',
      () => undefined,
      `/tenant/CLUBA/team/TEAM1/documentupload/DOC1/download`,
      401,
    ],
    ["another team's document", () => owner, `/tenant/CLUBA/team/TEAM1/documentupload/DOC2/download`, 404],
    ['a malformed document id', () => owner, `/tenant/CLUBA/team/TEAM1/documentupload/x/download`, 400],
  ])('answers %s', async (_name, who, template, status) => {
    const url = template
      .replace('CLUBA', clubA)
      .replace('CLUBB', clubB)
      .replace('TEAM1', team1)
      .replace('DOC1', doc1)
      .replace('DOC2', doc2);
    const res = await get(`/api${url}`, who());
    expect(res.statusCode).toBe(status);
    expect(res.body).not.toContain('Trainingsplan');
  });
});

describe('team contact persons', () => {
  it('lists the contact persons in their order', async () => {
    const res = await get(`/api/tenant/${clubA}/team/${team1}/contactperson`, clubmate);
    expect(res.statusCode).toBe(200);
    const body = TeamContactPersonListSchema.parse(res.json());
    expect(body.items.map((c) => [c.name, c.function, c.mail, c.phone])).toEqual([
      ['Petra Trainerin', 'Trainerin', 'petra@tsv.example', '+49 89 123456'],
      ['Mia Owner', 'Kapitänin', null, null],
    ]);
  });

  it.each([
    ['a member of another club', () => outsider, 'CLUBA', 404],
    ['no token', () => undefined, 'CLUBA', 401],
    ['the wrong tenant in the path', () => owner, 'CLUBB', 404],
  ])('answers %s', async (_name, who, tenant, status) => {
    const res = await get(
      `/api/tenant/${tenant === 'CLUBB' ? clubB : clubA}/team/${team1}/contactperson`,
      who(),
    );
    expect(res.statusCode).toBe(status);
    expect(res.body).not.toContain('Petra');
  });
});
