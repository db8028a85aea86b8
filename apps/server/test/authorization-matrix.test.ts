/**
 * The authorization matrix (docs/decisions/0011-authorization-policy.md), generated from the route table:
 * every registered /api route with an id in its path must have a row here, and each row runs the
 * documented actors against a fresh subject — a member of another club, a member of the same club without
 * the needed role (or not the owner), and the allowed actor — asserting the documented status. A refused
 * request must change no row in any table. A new route with an id fails this test until it has a row.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blogPosts,
  calendarFeeds,
  eventRegistrations,
  memberships,
  messages,
  personImages,
  teamContactPersons,
  teamMembers,
  teams,
  clubInvitations,
  validationCases,
  validationDecisions,
} from '../src/db/schema/index.ts';
import { notificationsCaughtUp } from '../src/db/notifications.ts';
import { createFixtureEvent, storeEventDocument } from '../src/modules/events/index.ts';
import { invoicesService } from '../src/modules/invoices/index.ts';
import { storeTeamDocument } from '../src/modules/teams/index.ts';
import { VALIDATION_SECTIONS } from '@vereinsheim/contracts';
import { createTestContext, type TestContext, type TestPerson } from './harness.ts';

/** The actors: `stranger` belongs to another club only; the others to the subject's club. */
const PERSONAS = ['stranger', 'member', 'owner', 'organiser', 'committee', 'admin', 'reviewer'] as const;
type Persona = (typeof PERSONAS)[number];

interface Fixture {
  ctx: TestContext;
  club: string;
  otherClub: string;
  people: Record<Persona, TestPerson>;
}

interface Request {
  /** Path parameters, by name. */
  params: Record<string, string>;
  /** Query string parameters. */
  query?: Record<string, string>;
  payload?: unknown;
  headers?: Record<string, string>;
  /** No bearer token: the path itself is the secret (the calendar feed). */
  anonymous?: boolean;
}

interface Row<S> {
  /** A fresh subject for this row (owned by `owner`, of the club `club`). */
  setup(f: Fixture): Promise<S>;
  /** The request an actor sends about the subject. */
  request(s: S, who: Persona, f: Fixture): Request | Promise<Request>;
  /** The documented answer per actor; refused ones (4xx) run first and must change nothing. */
  expect: Partial<Record<Persona, number>>;
}

const row = <S>(r: Row<S>): Row<unknown> => r;

// ------------------------------------------------------------------ subjects

async function clubEvent(f: Fixture, visibility: 'members' | 'public' = 'members') {
  const event = await createFixtureEvent(f.ctx.db, {
    tenantId: f.club,
    visibility,
    showParticipants: true,
    prices: [{ name: 'Mitglied', kind: 'price', amount: 10 }],
    contactPersons: [{ name: 'Erika Kontakt', email: 'erika@example.org' }],
  });
  const documentId = await storeEventDocument(f.ctx.db, f.ctx.files, {
    tenantId: f.club,
    eventId: event.id,
    fileName: 'ausschreibung.txt',
    contentType: 'text/plain',
    bytes: Buffer.from('Ausschreibung'),
  });
  return { eventId: event.id, priceIds: event.priceIds, documentId };
}

/** An event the owner is registered for (participating). */
async function ownersRegistration(f: Fixture) {
  const event = await clubEvent(f);
  await f.ctx.db.insert(eventRegistrations).values({
    tenantId: f.club,
    eventId: event.eventId,
    personId: f.people.owner.personId,
    status: 'participating',
    priceOptionIds: event.priceIds,
  });
  return event;
}

async function post(f: Fixture, scopeType: 'members' | 'team', teamId: string | null = null) {
  const [row] = await f.ctx.db
    .insert(blogPosts)
    .values({ tenantId: f.club, title: `Neuigkeit ${randomUUID()}`, body: '<p>Text</p>', scopeType, teamId })
    .returning({ id: blogPosts.id });
  return { postId: row!.id };
}

/**
 * The owner joins the team, and the app's scope cache has heard of it before the next request: the owner's scope
 * may be kept from an earlier row, and a change applies when its notification arrives (ADR 0045).
 */
async function ownerJoins(f: Fixture, teamId: string) {
  await f.ctx.db.insert(teamMembers).values({ teamId, personId: f.people.owner.personId, role: 'player' });
  expect(await notificationsCaughtUp(f.ctx.database)).toBe(true);
}

async function team(f: Fixture) {
  const [t] = await f.ctx.db
    .insert(teams)
    .values({ tenantId: f.club, name: `Team ${randomUUID().slice(0, 8)}` })
    .returning({ id: teams.id });
  const teamId = t!.id;
  await ownerJoins(f, teamId);
  await f.ctx.db
    .insert(teamContactPersons)
    .values({ teamId, tenantId: f.club, name: 'Trainerin', function: 'Trainerin' });
  const documentId = await storeTeamDocument(f.ctx.db, f.ctx.files, {
    tenantId: f.club,
    teamId,
    name: 'Trainingsplan',
    fileName: 'plan.txt',
    contentType: 'text/plain',
    bytes: Buffer.from('Plan'),
  });
  return { teamId, documentId };
}

async function ownersMessage(f: Fixture) {
  const [m] = await f.ctx.db
    .insert(messages)
    .values({
      personId: f.people.owner.personId,
      tenantId: f.club,
      kind: 'club',
      title: 'Hallo',
      body: 'Text',
    })
    .returning({ id: messages.id });
  return { messageId: m!.id };
}

async function ownersInvoice(f: Fixture) {
  const number = `RE-M-${randomUUID().slice(0, 8)}`;
  const created = await f.ctx.db.transaction((tx) =>
    invoicesService.create(
      tx,
      {
        tenantId: f.club,
        personId: f.people.owner.personId,
        direction: 'incoming',
        number,
        title: 'Beitrag',
        invoiceDate: '2026-01-15',
        dueDate: '2026-02-15',
        status: 'open',
        issuer: { name: 'Matrixverein' },
        recipient: { name: 'Olga Owner' },
        payee: null,
        paymentReference: number,
        lines: [{ description: 'Beitrag', quantity: 1, unitPriceCents: 1000, vatRateBp: 0 }],
      },
      null,
    ),
  );
  return { invoiceId: created!.id };
}

/** An item of the owner's personal data, created through the API as the owner would. */
async function ownersItem(f: Fixture, kind: string, body: object) {
  const res = await f.ctx.app.inject({
    method: 'POST',
    url: `/api/me/${kind}`,
    headers: await f.ctx.auth(f.people.owner),
    payload: body,
  });
  expect(res.statusCode).toBe(201);
  return { itemId: res.json<{ id: string }>().id };
}

async function ownersFeed(f: Fixture) {
  const token = `matrix-${randomUUID()}`;
  await f.ctx.db
    .insert(calendarFeeds)
    .values({ personId: f.people.owner.personId, token })
    .onConflictDoUpdate({ target: calendarFeeds.personId, set: { token } });
  return { token };
}

async function avatarUpload() {
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 30, b: 30 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'avatar.png');
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

/** The club side's event form: a small valid event. */
function manageForm() {
  const start = new Date(Date.now() + 20 * 24 * 60 * 60 * 1000);
  return {
    name: 'Matrixregatta',
    start: start.toISOString(),
    end: new Date(start.getTime() + 3 * 60 * 60 * 1000).toISOString(),
  };
}

function pdfUpload() {
  const boundary = 'matrix-boundary';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n` +
      `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n%matrix\n\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// ------------------------------------------------------------------ the club side (ADR 0019)

/** A fresh member of the club (so ending a role or membership leaves the shared personas alone). */
async function freshMember(f: Fixture) {
  const p = await f.ctx.createPerson({ lastName: 'Neumitglied' });
  await f.ctx.addMembership(p.personId, f.club);
  const [m] = await f.ctx.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(eq(memberships.personId, p.personId));
  return { personId: p.personId, roleId: m!.id };
}

function clubAdminRows(): Record<string, Row<unknown>> {
  const club = (payload?: (f: Fixture) => unknown) => (_s: unknown, _w: Persona, f: Fixture) => ({
    params: { tenantId: f.club },
    payload: payload?.(f),
  });
  /** Members: the club's admins; the committee and plain members 403, another club's admin 404. */
  const admins = (status: number) => ({ stranger: 404, member: 403, committee: 403, admin: status });
  /** Invoices: the committee and admins. */
  const committee = (status: number) => ({ stranger: 404, member: 403, organiser: 403, committee: status });
  type M = { personId: string; roleId: string };
  type I = { invoiceId: string };
  const member = (s: M, _w: Persona, f: Fixture) => ({ params: { tenantId: f.club, ...s }, payload: {} });
  const invoice = (s: I, _w: Persona, f: Fixture) => ({
    params: { tenantId: f.club, invoiceId: s.invoiceId },
  });
  return {
    'GET /api/tenants/:tenantId/members': row({
      setup: async () => null,
      request: club(),
      expect: admins(200),
    }),
    // Searching members by name (recipients, participants): committee, organisers and admins; a member 403.
    'GET /api/tenants/:tenantId/members/search': row({
      setup: async () => null,
      request: (_s, _w, f) => ({ params: { tenantId: f.club }, query: { keyword: 'Test' } }),
      expect: { stranger: 404, member: 403, organiser: 200, committee: 200, admin: 200 },
    }),
    'GET /api/tenants/:tenantId/members/export': row({
      setup: async () => null,
      request: club(),
      expect: admins(200),
    }),
    'POST /api/tenants/:tenantId/members/import': row({
      setup: async () => null,
      request: club(() => ({
        csv: 'Vorname;Nachname;E-Mail;Geburtsdatum\nA;B;a@example.org;01.01.1990',
        dryRun: true,
      })),
      expect: admins(200),
    }),
    'GET /api/tenants/:tenantId/members/:personId': row({
      setup: freshMember,
      request: member,
      expect: admins(200),
    }),
    'POST /api/tenants/:tenantId/members/:personId/roles': row({
      setup: freshMember,
      request: (s: M, w, f) => ({ ...member(s, w, f), payload: { role: 'trainer' } }),
      expect: admins(201),
    }),
    'POST /api/tenants/:tenantId/members/:personId/roles/:roleId/end': row({
      setup: freshMember,
      request: member,
      expect: admins(200),
    }),
    'POST /api/tenants/:tenantId/members/:personId/end': row({
      setup: freshMember,
      request: member,
      expect: admins(200),
    }),
    'GET /api/tenants/:tenantId/settings': row({
      setup: async () => null,
      request: club(),
      expect: committee(200),
    }),
    'PUT /api/tenants/:tenantId/settings': row({
      setup: async () => null,
      request: club(() => ({
        street: 'Am Sportplatz 1',
        city: '12345 Matrixstadt',
        taxNumber: '143/217/50012',
        bankAccountOwner: 'Matrixverein',
        bankIban: 'DE34702501500028419370',
      })),
      expect: committee(200),
    }),
    'GET /api/tenants/:tenantId/invoices': row({
      setup: async () => null,
      request: club(),
      expect: committee(200),
    }),
    'GET /api/tenants/:tenantId/invoices/open-items': row({
      setup: async () => null,
      request: club(),
      expect: committee(200),
    }),
    'POST /api/tenants/:tenantId/invoices': row({
      setup: async () => null,
      request: club((f) => ({
        personIds: [f.people.owner.personId],
        title: 'Beitrag',
        dueDate: '2099-12-31',
        lines: [
          {
            description: 'Beitrag',
            quantity: 1,
            unitPriceCents: 1000,
            vatRatePercent: 0,
            vatExemptionReason: 'Nicht steuerbarer Mitgliedsbeitrag',
          },
        ],
      })),
      expect: committee(201),
    }),
    'POST /api/tenants/:tenantId/invoices/:invoiceId/paid': row({
      setup: ownersInvoice,
      request: (s: I, w, f) => ({ ...invoice(s, w, f), payload: {} }),
      expect: committee(200),
    }),
    'POST /api/tenants/:tenantId/invoices/:invoiceId/cancel': row({
      setup: ownersInvoice,
      request: invoice,
      expect: committee(200),
    }),
    'POST /api/tenants/:tenantId/invoices/:invoiceId/reminder': row({
      setup: ownersInvoice,
      request: invoice,
      expect: committee(200),
    }),
  };
}

/** A validation case of the owner at the club, in the given state (all sections approved when in review). */
async function ownersCase(
  f: Fixture,
  state: 'open' | 'in_review' | 'corrections_requested' = 'open',
): Promise<{ caseId: string }> {
  const [c] = await f.ctx.db
    .insert(validationCases)
    .values({ personId: f.people.owner.personId, tenantId: f.club, reason: 'yearlyCheck', state })
    .returning({ id: validationCases.id });
  if (state === 'in_review')
    await f.ctx.db
      .insert(validationDecisions)
      .values(
        VALIDATION_SECTIONS.map((section) => ({ caseId: c!.id, section, decision: 'approved' as const })),
      );
  return { caseId: c!.id };
}

async function clubInvitation(f: Fixture) {
  const [row] = await f.ctx.db
    .insert(clubInvitations)
    .values({ tenantId: f.club, token: `matrix-${randomUUID()}` })
    .returning({ id: clubInvitations.id, token: clubInvitations.token });
  return row!;
}

/** A team of the club with the owner in it, its chat conversation and a message of the owner there. */
async function ownersTeamChat(f: Fixture) {
  const [t] = await f.ctx.db.insert(teams).values({ tenantId: f.club, name: 'Chatteam' }).returning();
  await ownerJoins(f, t!.id);
  const headers = await f.ctx.auth(f.people.owner);
  const list = await f.ctx.app.inject({ method: 'GET', url: '/api/me/chat/conversations', headers });
  const conversationId = list
    .json<{ items: { id: string; teamId: string | null }[] }>()
    .items.find((c) => c.teamId === t!.id)!.id;
  const sent = await f.ctx.app.inject({
    method: 'POST',
    url: `/api/me/chat/conversations/${conversationId}/messages`,
    headers,
    payload: { body: 'Hallo Team' },
  });
  return { conversationId, messageId: sent.json<{ id: string }>().id };
}

/** The owner's team message, reported by the owner to the club's admins. */
async function reportedTeamMessage(f: Fixture) {
  const chat = await ownersTeamChat(f);
  await f.ctx.app.inject({
    method: 'POST',
    url: `/api/me/chat/messages/${chat.messageId}/report`,
    headers: await f.ctx.auth(f.people.owner),
    payload: { reason: 'Matrix' },
  });
  return chat;
}

// ------------------------------------------------------------------ the matrix

type E = Awaited<ReturnType<typeof clubEvent>>;
const event = (id: (s: E) => string) => (s: E) => ({ params: { id: id(s) } });
const tenantEvent =
  (extra: (s: E) => Record<string, string> = () => ({})) =>
  (s: E, _w: Persona, f: Fixture) => ({
    params: { tenantId: f.club, eventId: s.eventId, ...extra(s) },
  });

/** Club content every member sees: another club's member gets 404. */
const clubMembersSee = { stranger: 404, member: 200 } as const;
/** Person-owned data: only the owner; a clubmate and another club's member alike get 404. */
const ownerOnly = (status: number) => ({ stranger: 404, member: 404, owner: status });

const PERSONAL_KINDS: { kind: string; body: object; scoped: boolean }[] = [
  {
    kind: 'address',
    body: { street: 'Hauptstraße', streetNumber: '5', zip: '50667', city: 'Köln' },
    scoped: true,
  },
  { kind: 'mail', body: { email: 'olga@example.org' }, scoped: true },
  { kind: 'phone', body: { number: '0171 1234567' }, scoped: true },
  { kind: 'bankaccount', body: { iban: 'DE89370400440532013000' }, scoped: false },
  { kind: 'confectioninformation', body: { confectionSize: 42, clothingPartType: 'shoe' }, scoped: false },
  { kind: 'medicalinformation', body: { type: 'allergy', name: 'Wespengift' }, scoped: false },
  { kind: 'additionalinformation', body: { name: 'Abzeichen', description: 'Gold' }, scoped: false },
];

function personalRows(): Record<string, Row<unknown>> {
  const rows: Record<string, Row<unknown>> = {};
  for (const { kind, body, scoped } of PERSONAL_KINDS) {
    const item = (f: Fixture) => ownersItem(f, kind, body);
    type I = { itemId: string };
    const byId = (payload?: (f: Fixture) => unknown) => (s: I, _w: Persona, f: Fixture) => ({
      params: { id: s.itemId },
      payload: payload?.(f),
    });
    rows[`PUT /api/me/${kind}/:id`] = row({ setup: item, request: byId(() => body), expect: ownerOnly(200) });
    rows[`DELETE /api/me/${kind}/:id`] = row({ setup: item, request: byId(), expect: ownerOnly(204) });
    rows[`PUT /api/me/${kind}/:id/share`] = row({
      setup: item,
      request: byId((f) => ({ tenantIds: [f.club] })),
      expect: ownerOnly(200),
    });
    if (!scoped) continue;
    for (const suffix of ['share/extern', 'share/intern', 'share/extern/remove', 'share/intern/remove']) {
      rows[`POST /api/me/${kind}/:id/${suffix}`] = row({
        setup: item,
        request: byId((f) => ({ tenantId: f.club })),
        expect: ownerOnly(200),
      });
    }
  }
  return rows;
}

const MATRIX: Record<string, Row<unknown>> = {
  // Persons: only oneself.
  'GET /api/b2c/person/:subject': row({
    setup: async () => null,
    request: (_s, _w, f) => ({ params: { subject: f.people.owner.subject } }),
    expect: ownerOnly(200),
  }),
  'GET /api/tenants/notenant/person/:personId': row({
    setup: async () => null,
    request: (_s, _w, f) => ({ params: { personId: f.people.owner.personId } }),
    expect: ownerOnly(200),
  }),

  // Events of the club (members-only): every member sees them, another club's member does not.
  'GET /api/event/:id': row({ setup: clubEvent, request: event((s) => s.eventId), expect: clubMembersSee }),
  'GET /api/event/:id/registration': row({
    setup: clubEvent,
    request: event((s) => s.eventId),
    expect: clubMembersSee,
  }),
  'GET /api/event/:id/contract': row({
    setup: clubEvent,
    request: event((s) => s.eventId),
    expect: clubMembersSee,
  }),
  'GET /api/event/:id/ical': row({
    setup: clubEvent,
    request: event((s) => s.eventId),
    expect: clubMembersSee,
  }),
  'POST /api/event/:id/registration': row({
    setup: clubEvent,
    request: (s: E) => ({ params: { id: s.eventId }, payload: { priceOptionIds: s.priceIds } }),
    expect: { stranger: 404, member: 201 },
  }),
  'POST /api/event/:id/registration/cancel': row({
    setup: ownersRegistration,
    request: event((s) => s.eventId),
    // A clubmate who is not registered has nothing to cancel: the registration is not theirs to see.
    expect: { stranger: 404, member: 404, owner: 200 },
  }),
  'PATCH /api/event/:id/registration': row({
    setup: ownersRegistration,
    request: (s: E) => ({ params: { id: s.eventId }, payload: { showInParticipantList: true } }),
    // Only one's own registration: a clubmate who is not registered has none to change.
    expect: { stranger: 404, member: 404, owner: 200 },
  }),
  // The participant list (the event shows it): another club's member does not see the members-only event.
  'GET /api/event/:id/participants': row({
    setup: ownersRegistration,
    request: event((s) => s.eventId),
    expect: { stranger: 404, member: 200, owner: 200 },
  }),
  'GET /api/tenants/:tenantId/event/:eventId/eventparticipant/:personId': row({
    setup: ownersRegistration,
    request: (s: E, _w, f) => ({
      params: { tenantId: f.club, eventId: s.eventId, personId: f.people.owner.personId },
    }),
    // Someone else's registration is theirs: hidden (404) unless the actor organises the club's events.
    expect: { stranger: 404, member: 404, owner: 200, organiser: 200 },
  }),
  'GET /api/tenants/:tenantId/event/:eventId/documentupload': row({
    setup: clubEvent,
    request: tenantEvent(),
    expect: clubMembersSee,
  }),
  'GET /api/tenants/:tenantId/event/:eventId/documentupload/:documentId/download': row({
    setup: clubEvent,
    request: tenantEvent((s) => ({ documentId: s.documentId })),
    expect: clubMembersSee,
  }),
  'GET /api/tenants/:tenantId/event/:eventId/contactperson': row({
    setup: clubEvent,
    request: tenantEvent(),
    expect: clubMembersSee,
  }),

  // News: a team post is for the team and the club's news editors; a club's list shows outsiders its public posts.
  'GET /api/me/cms2/blogpost/:id': row({
    setup: async (f) => post(f, 'team', (await team(f)).teamId),
    request: (s: { postId: string }) => ({ params: { id: s.postId } }),
    expect: { stranger: 404, member: 404, owner: 200, committee: 200 },
  }),
  'POST /api/me/cms2/blogpost/:id/read': row({
    setup: async (f) => post(f, 'team', (await team(f)).teamId),
    request: (s: { postId: string }) => ({ params: { id: s.postId } }),
    expect: { stranger: 404, member: 404, owner: 200 },
  }),
  'GET /api/tenants/:tenantId/cms2/blogpost': row({
    setup: (f) => post(f, 'members'),
    request: (_s, _w, f) => ({ params: { tenantId: f.club } }),
    expect: { stranger: 200, member: 200 },
  }),
  'GET /api/tenants/:tenantId/cms2/blogpost/:id': row({
    setup: (f) => post(f, 'members'),
    request: (s: { postId: string }, _w, f) => ({ params: { tenantId: f.club, id: s.postId } }),
    expect: clubMembersSee,
  }),
  'POST /api/tenants/:tenantId/cms2/blogpost/:id/read': row({
    setup: (f) => post(f, 'members'),
    request: (s: { postId: string }, _w, f) => ({ params: { tenantId: f.club, id: s.postId } }),
    expect: clubMembersSee,
  }),
  'POST /api/tenants/:tenantId/cms2/blogpost': row({
    setup: async () => null,
    request: (_s, _w, f) => ({ params: { tenantId: f.club }, payload: { title: 'Neu', body: '<p>x</p>' } }),
    expect: { stranger: 404, member: 403, organiser: 201, committee: 201 },
  }),

  // Club messages: committee and admins write to all members.
  'POST /api/tenants/:tenantId/messages': row({
    setup: async () => null,
    request: (_s, _w, f) => ({ params: { tenantId: f.club }, payload: { title: 'An alle', body: 'Text' } }),
    expect: { stranger: 404, member: 403, organiser: 403, committee: 201 },
  }),

  // Inbox, invoices: the owner's.
  'POST /api/me/messages/:id/read': row({
    setup: ownersMessage,
    request: (s: { messageId: string }) => ({ params: { id: s.messageId } }),
    expect: ownerOnly(200),
  }),
  'POST /api/me/messages/:id/unread': row({
    setup: ownersMessage,
    request: (s: { messageId: string }) => ({ params: { id: s.messageId } }),
    expect: ownerOnly(200),
  }),
  'DELETE /api/me/messages/:id': row({
    setup: ownersMessage,
    request: (s: { messageId: string }) => ({ params: { id: s.messageId } }),
    expect: ownerOnly(204),
  }),
  'GET /api/invoice/:id': row({
    setup: ownersInvoice,
    request: (s: { invoiceId: string }) => ({ params: { id: s.invoiceId } }),
    expect: ownerOnly(200),
  }),
  'GET /api/invoice/:id/pdf': row({
    setup: ownersInvoice,
    request: (s: { invoiceId: string }) => ({ params: { id: s.invoiceId } }),
    expect: ownerOnly(200),
  }),

  // Teams: every member of the team's club.
  'GET /api/team/:id': row({
    setup: team,
    request: (s: { teamId: string }) => ({ params: { id: s.teamId } }),
    expect: clubMembersSee,
  }),
  'GET /api/tenant/:tenantId/team/:teamId/documentupload': row({
    setup: team,
    request: (s: { teamId: string }, _w, f) => ({ params: { tenantId: f.club, teamId: s.teamId } }),
    expect: clubMembersSee,
  }),
  'GET /api/tenant/:tenantId/team/:teamId/documentupload/:documentId/download': row({
    setup: team,
    request: (s: { teamId: string; documentId: string }, _w, f) => ({
      params: { tenantId: f.club, teamId: s.teamId, documentId: s.documentId },
    }),
    expect: clubMembersSee,
  }),
  'GET /api/tenant/:tenantId/team/:teamId/contactperson': row({
    setup: team,
    request: (s: { teamId: string }, _w, f) => ({ params: { tenantId: f.club, teamId: s.teamId } }),
    expect: clubMembersSee,
  }),

  // A club avatar: only for one's own clubs.
  'PUT /api/me/image/tenant/:tenantId/:scope/upload': row({
    setup: async () => null,
    request: async (_s, _w, f) => ({ params: { tenantId: f.club, scope: '2' }, ...(await avatarUpload()) }),
    expect: { stranger: 404, member: 200 },
  }),
  'DELETE /api/me/image/tenant/:tenantId/:scope': row({
    setup: async (f) => {
      await f.ctx.db
        .insert(personImages)
        .values(
          (['stranger', 'member'] as const).map((who) => ({
            personId: f.people[who].personId,
            tenantId: f.club,
            scope: 2,
            url: `/media/files/${who}-512.webp`,
            thumbnailUrl: `/media/files/${who}-128.webp`,
          })),
        )
        // The member may still have the avatar the upload's row gave them.
        .onConflictDoNothing();
      return null;
    },
    request: (_s, _w, f) => ({ params: { tenantId: f.club, scope: '2' } }),
    expect: { stranger: 404, member: 204 },
  }),

  // Chat: team conversations for the team's members; messages edited by their author; blocks between clubmates.
  'GET /api/me/chat/conversations/:conversationId/messages': row({
    setup: ownersTeamChat,
    request: (s: { conversationId: string }) => ({ params: { conversationId: s.conversationId } }),
    expect: ownerOnly(200),
  }),
  'POST /api/me/chat/conversations/:conversationId/messages': row({
    setup: ownersTeamChat,
    request: (s: { conversationId: string }) => ({
      params: { conversationId: s.conversationId },
      payload: { body: 'Noch eine' },
    }),
    expect: ownerOnly(201),
  }),
  'POST /api/me/chat/conversations/:conversationId/read': row({
    setup: ownersTeamChat,
    request: (s: { conversationId: string }) => ({
      params: { conversationId: s.conversationId },
      payload: { seq: 1 },
    }),
    expect: ownerOnly(200),
  }),
  'PUT /api/me/chat/conversations/:conversationId/mute': row({
    setup: ownersTeamChat,
    request: (s: { conversationId: string }) => ({
      params: { conversationId: s.conversationId },
      payload: { muted: true },
    }),
    expect: ownerOnly(200),
  }),
  'PATCH /api/me/chat/messages/:messageId': row({
    setup: ownersTeamChat,
    request: (s: { messageId: string }) => ({ params: { messageId: s.messageId }, payload: { body: 'Neu' } }),
    expect: ownerOnly(200),
  }),
  'DELETE /api/me/chat/messages/:messageId': row({
    setup: ownersTeamChat,
    request: (s: { messageId: string }) => ({ params: { messageId: s.messageId } }),
    expect: ownerOnly(204),
  }),
  'POST /api/me/chat/messages/:messageId/report': row({
    setup: ownersTeamChat,
    request: (s: { messageId: string }) => ({ params: { messageId: s.messageId }, payload: {} }),
    expect: ownerOnly(204),
  }),
  'PUT /api/me/chat/messages/:messageId/reactions': row({
    setup: ownersTeamChat,
    request: (s: { messageId: string }) => ({
      params: { messageId: s.messageId },
      payload: { emoji: '👍', reacted: true },
    }),
    expect: ownerOnly(200),
  }),
  // Reported messages: the club's admins (ADR 0022); the committee and plain members 403, another club's 404.
  'GET /api/tenants/:tenantId/chat/reports': row({
    setup: async () => null,
    request: (_s, _w, f) => ({ params: { tenantId: f.club } }),
    expect: { stranger: 404, member: 403, committee: 403, admin: 200 },
  }),
  'DELETE /api/tenants/:tenantId/chat/reports/:messageId': row({
    setup: reportedTeamMessage,
    request: (s: { messageId: string }, _w, f) => ({ params: { tenantId: f.club, messageId: s.messageId } }),
    expect: { stranger: 404, member: 403, committee: 403, admin: 204 },
  }),
  'DELETE /api/tenants/:tenantId/chat/messages/:messageId': row({
    setup: reportedTeamMessage,
    request: (s: { messageId: string }, _w, f) => ({ params: { tenantId: f.club, messageId: s.messageId } }),
    expect: { stranger: 404, member: 403, owner: 403, committee: 403, admin: 204 },
  }),
  'PUT /api/me/chat/blocks/:personId': row({
    setup: async () => null,
    request: (_s, _w, f) => ({ params: { personId: f.people.owner.personId } }),
    expect: { stranger: 404, member: 204 },
  }),
  'DELETE /api/me/chat/blocks/:personId': row({
    setup: async () => null,
    request: (_s, _w, f) => ({ params: { personId: f.people.owner.personId } }),
    expect: { stranger: 404, member: 204 },
  }),

  // The calendar feed: its secret token is the authorization; someone else's (or a guessed) token is 404.
  'GET /api/calendar/:token.ics': row({
    setup: ownersFeed,
    request: (s: { token: string }, who) => ({
      params: { token: who === 'owner' ? s.token : `guess-${randomUUID()}` },
      anonymous: true,
    }),
    expect: { stranger: 404, member: 404, owner: 200 },
  }),

  // The club side of events: organisers, committee and admins of the event's club; a member 403, another club 404.
  'GET /api/tenants/:tenantId/manage/event': row({
    setup: async () => null,
    request: (_s, _w, f) => ({ params: { tenantId: f.club } }),
    expect: { stranger: 404, member: 403, organiser: 200, committee: 200 },
  }),
  'POST /api/tenants/:tenantId/manage/event': row({
    setup: async () => null,
    request: (_s, _w, f) => ({ params: { tenantId: f.club }, payload: manageForm() }),
    expect: { stranger: 404, member: 403, organiser: 201, committee: 201 },
  }),
  'GET /api/tenants/:tenantId/manage/event/:eventId': row({
    setup: clubEvent,
    request: tenantEvent(),
    expect: { stranger: 404, member: 403, organiser: 200 },
  }),
  'PUT /api/tenants/:tenantId/manage/event/:eventId': row({
    setup: clubEvent,
    request: (s: E, _w, f) => ({ params: { tenantId: f.club, eventId: s.eventId }, payload: manageForm() }),
    expect: { stranger: 404, member: 403, organiser: 200 },
  }),
  'POST /api/tenants/:tenantId/manage/event/:eventId/copy': row({
    setup: clubEvent,
    request: (s: E, _w, f) => ({ params: { tenantId: f.club, eventId: s.eventId }, payload: {} }),
    expect: { stranger: 404, member: 403, committee: 201 },
  }),
  'POST /api/tenants/:tenantId/manage/event/:eventId/cancel': row({
    setup: ownersRegistration,
    request: tenantEvent(),
    expect: { stranger: 404, member: 403, owner: 403, organiser: 200 },
  }),
  'POST /api/tenants/:tenantId/manage/event/:eventId/document': row({
    setup: clubEvent,
    request: (s: E, _w, f) => ({ params: { tenantId: f.club, eventId: s.eventId }, ...pdfUpload() }),
    expect: { stranger: 404, member: 403, organiser: 201 },
  }),
  'DELETE /api/tenants/:tenantId/manage/event/:eventId/document/:documentId': row({
    setup: clubEvent,
    request: tenantEvent((s) => ({ documentId: s.documentId })),
    expect: { stranger: 404, member: 403, organiser: 200 },
  }),
  'GET /api/tenants/:tenantId/manage/event/:eventId/participant': row({
    setup: ownersRegistration,
    request: tenantEvent(),
    expect: { stranger: 404, member: 403, owner: 403, organiser: 200 },
  }),
  'POST /api/tenants/:tenantId/manage/event/:eventId/participant': row({
    setup: clubEvent,
    request: (s: E, _w, f) => ({
      params: { tenantId: f.club, eventId: s.eventId },
      payload: { personId: f.people.member.personId, priceOptionIds: s.priceIds },
    }),
    expect: { stranger: 404, member: 403, organiser: 201 },
  }),
  'POST /api/tenants/:tenantId/manage/event/:eventId/participant/:registrationId/approve': row({
    setup: async (f) => {
      const s = await clubEvent(f);
      const [r] = await f.ctx.db
        .insert(eventRegistrations)
        .values({
          tenantId: f.club,
          eventId: s.eventId,
          personId: f.people.owner.personId,
          status: 'requested',
          priceOptionIds: s.priceIds,
        })
        .returning({ id: eventRegistrations.id });
      return { ...s, registrationId: r!.id };
    },
    request: (s: E & { registrationId: string }, _w, f) => ({
      params: { tenantId: f.club, eventId: s.eventId, registrationId: s.registrationId },
    }),
    expect: { stranger: 404, member: 403, owner: 403, organiser: 200 },
  }),
  'POST /api/tenants/:tenantId/manage/event/:eventId/participant/:registrationId/move': row({
    setup: async (f) => {
      const s = await clubEvent(f);
      const [r] = await f.ctx.db
        .insert(eventRegistrations)
        .values({
          tenantId: f.club,
          eventId: s.eventId,
          personId: f.people.owner.personId,
          status: 'participating',
          priceOptionIds: s.priceIds,
        })
        .returning({ id: eventRegistrations.id });
      return { ...s, registrationId: r!.id };
    },
    request: (s: E & { registrationId: string }, _w, f) => ({
      params: { tenantId: f.club, eventId: s.eventId, registrationId: s.registrationId },
      payload: { to: 'waiting', reason: 'Matrix' },
    }),
    expect: { stranger: 404, member: 403, owner: 403, committee: 200 },
  }),
  'POST /api/tenants/:tenantId/manage/event/:eventId/participant/message': row({
    setup: ownersRegistration,
    request: (s: E, _w, f) => ({
      params: { tenantId: f.club, eventId: s.eventId },
      payload: { audience: 'participants', title: 'Hallo', body: 'Text' },
    }),
    expect: { stranger: 404, member: 403, owner: 403, organiser: 201 },
  }),
  'GET /api/tenants/:tenantId/manage/event/:eventId/participant/export': row({
    setup: ownersRegistration,
    request: tenantEvent(),
    expect: { stranger: 404, member: 403, owner: 403, organiser: 200 },
  }),

  // The club side of news and messages: the club's news editors; a team message: committee and admins.
  'GET /api/tenants/:tenantId/manage/news': row({
    setup: async () => null,
    request: (_s, _w, f) => ({ params: { tenantId: f.club } }),
    expect: { stranger: 404, member: 403, organiser: 200, committee: 200 },
  }),
  'PUT /api/tenants/:tenantId/manage/news/:id': row({
    setup: (f) => post(f, 'members'),
    request: (s: { postId: string }, _w, f) => ({
      params: { tenantId: f.club, id: s.postId },
      payload: { title: 'Geändert', body: '<p>x</p>' },
    }),
    expect: { stranger: 404, member: 403, committee: 200 },
  }),
  'DELETE /api/tenants/:tenantId/manage/news/:id': row({
    setup: (f) => post(f, 'members'),
    request: (s: { postId: string }, _w, f) => ({ params: { tenantId: f.club, id: s.postId } }),
    expect: { stranger: 404, member: 403, committee: 204 },
  }),
  'POST /api/tenants/:tenantId/manage/news/image': row({
    setup: async () => null,
    request: async (_s, _w, f) => ({ params: { tenantId: f.club }, ...(await avatarUpload()) }),
    expect: { stranger: 404, member: 403, committee: 201 },
  }),
  'POST /api/tenants/:tenantId/team/:teamId/messages': row({
    setup: team,
    request: (s: { teamId: string }, _w, f) => ({
      params: { tenantId: f.club, teamId: s.teamId },
      payload: { title: 'An das Team', body: 'Text' },
    }),
    expect: { stranger: 404, member: 403, organiser: 403, committee: 201 },
  }),
  // Profile validation: a case is seen by the club's reviewers and admins (the person uses /me/validationcase).
  'GET /api/me/profilevalidation/:id': row({
    setup: ownersCase,
    request: (s: { caseId: string }) => ({ params: { id: s.caseId } }),
    expect: { stranger: 404, member: 404, owner: 404, committee: 404, reviewer: 200 },
  }),
  'POST /api/me/profilevalidation/:id/section/:section': row({
    setup: ownersCase,
    request: (s: { caseId: string }) => ({
      params: { id: s.caseId, section: 'address' },
      payload: { decision: 'approved', version: 1 },
    }),
    expect: { stranger: 404, member: 404, owner: 404, committee: 404, reviewer: 200 },
  }),
  'POST /api/me/profilevalidation/:id/close': row({
    setup: (f) => ownersCase(f, 'in_review'),
    request: (s: { caseId: string }) => ({ params: { id: s.caseId }, payload: { version: 1 } }),
    expect: { stranger: 404, member: 404, owner: 404, reviewer: 200 },
  }),
  'POST /api/tenants/:tenantId/profilevalidation': row({
    setup: async () => null,
    request: (_s, _w, f) => ({
      params: { tenantId: f.club },
      payload: { personId: f.people.organiser.personId, reason: 'yearlyCheck' },
    }),
    expect: { stranger: 404, member: 403, committee: 403, reviewer: 201 },
  }),
  'GET /api/me/validationcase/:id': row({
    setup: ownersCase,
    request: (s: { caseId: string }) => ({ params: { id: s.caseId } }),
    expect: { stranger: 404, member: 404, reviewer: 404, owner: 200 },
  }),
  'POST /api/me/validationcase/:id/resubmit': row({
    setup: (f) => ownersCase(f, 'corrections_requested'),
    request: (s: { caseId: string }) => ({ params: { id: s.caseId }, payload: { version: 1 } }),
    expect: { stranger: 404, member: 404, reviewer: 404, owner: 200 },
  }),
  // An invitation link: its token is the secret; any signed-in person may open it.
  'GET /api/invitation/:token': row({
    setup: clubInvitation,
    request: (s: { token: string }, who) => ({
      params: { token: who === 'stranger' ? `guess-${randomUUID()}` : s.token },
    }),
    expect: { stranger: 404, member: 200 },
  }),
  'GET /api/tenants/:tenantId/invitation': row({
    setup: async () => null,
    request: (_s, _w, f) => ({ params: { tenantId: f.club } }),
    expect: { stranger: 404, member: 403, reviewer: 403, committee: 200 },
  }),
  'POST /api/tenants/:tenantId/invitation': row({
    setup: async () => null,
    request: (_s, _w, f) => ({ params: { tenantId: f.club }, payload: { label: 'Flyer' } }),
    expect: { stranger: 404, member: 403, reviewer: 403, committee: 201 },
  }),
  'POST /api/tenants/:tenantId/invitation/:id/revoke': row({
    setup: clubInvitation,
    request: (s: { id: string }, _w, f) => ({ params: { tenantId: f.club, id: s.id } }),
    expect: { stranger: 404, member: 403, committee: 200 },
  }),

  ...personalRows(),
  ...clubAdminRows(),
};

// ------------------------------------------------------------------ running it

let f: Fixture;

beforeAll(async () => {
  const ctx = await createTestContext();
  const club = await ctx.createClub('Matrixverein');
  const otherClub = await ctx.createClub('Anderer Verein');
  const people = Object.fromEntries(
    await Promise.all(PERSONAS.map(async (p) => [p, await ctx.createPerson({ lastName: p })] as const)),
  ) as Record<Persona, TestPerson>;
  await ctx.addMembership(people.stranger.personId, otherClub);
  await ctx.addMembership(people.stranger.personId, otherClub, 'admin');
  for (const p of ['member', 'owner', 'organiser', 'committee', 'reviewer'] as const)
    await ctx.addMembership(people[p].personId, club);
  await ctx.addMembership(people.reviewer.personId, club, 'reviewer');
  await ctx.addMembership(people.organiser.personId, club, 'organiser');
  await ctx.addMembership(people.committee.personId, club, 'committee');
  await ctx.addMembership(people.admin.personId, club);
  await ctx.addMembership(people.admin.personId, club, 'admin');
  f = { ctx, club, otherClub, people };
});
afterAll(() => f.ctx.close());

/** Routes under /api with an id in the path (`:scope`, an avatar scope code, is not an id). */
function idRoutes(ctx: TestContext): string[] {
  return ctx.routes
    .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD')
    .filter((r) => (r.url.match(/:(\w+)/g) ?? []).some((p) => p !== ':scope'))
    .map((r) => `${r.method} ${r.url}`);
}

/**
 * A checksum of every row of every table; of `jobs` only kind and key (a worker updates the rest in the
 * background when it runs a job an earlier, accepted request enqueued — ADR 0021).
 */
async function databaseChecksum(): Promise<string> {
  const tables = await f.ctx.db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const parts = tables.rows.map(({ table_name }) => {
    const row =
      table_name === 'jobs'
        ? sql.raw(`jsonb_build_object('kind', x.kind, 'key', x.key)`)
        : sql.raw('to_jsonb(x)');
    return sql`select ${table_name}::text as t, md5(coalesce(string_agg((${row})::text, '|' order by (${row})::text), '')) as h from ${sql.identifier(table_name)} x`;
  });
  const result = await f.ctx.db.execute<{ t: string; h: string }>(sql.join(parts, sql` union all `));
  return result.rows
    .map((r) => `${r.t}:${r.h}`)
    .sort()
    .join('\n');
}

async function send(key: string, req: Request, who: Persona) {
  const [method, pattern] = key.split(' ') as [string, string];
  const url = pattern.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(req.params[name]!));
  const auth = req.anonymous ? {} : await f.ctx.auth(f.people[who]);
  const query = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
  return f.ctx.app.inject({
    method: method as 'GET',
    url: url + query,
    headers: { ...auth, ...req.headers },
    ...(req.payload !== undefined ? { payload: req.payload as object } : {}),
  });
}

describe('authorization matrix', () => {
  const size = Object.values(MATRIX).reduce((n, r) => n + Object.keys(r.expect).length, 0);

  it(`has a row for every route with an id, and no row without a route (${Object.keys(MATRIX).length} routes, ${size} requests)`, () => {
    const routes = idRoutes(f.ctx);
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((r) => !(r in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !routes.includes(k))).toEqual([]);
  });

  it.each(Object.keys(MATRIX))('%s answers each actor as documented', async (key) => {
    const entry = MATRIX[key]!;
    const subject = await entry.setup(f);
    // Refusals first, each changing nothing; the allowed actors last (they may change the subject).
    const actors = (Object.entries(entry.expect) as [Persona, number][]).sort(
      ([, a], [, b]) => Number(b >= 400) - Number(a >= 400),
    );
    for (const [who, status] of actors) {
      const req = await entry.request(subject, who, f);
      const before = status >= 400 ? await databaseChecksum() : '';
      const res = await send(key, req, who);
      expect({ who, status: res.statusCode }).toEqual({ who, status });
      if (status >= 400) {
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.json()).toMatchObject({ status });
        expect(await databaseChecksum(), `${who} changed a row`).toBe(before);
      }
    }
  });
});
