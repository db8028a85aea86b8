import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InvitationSchema,
  MyValidationCaseListSchema,
  MyValidationCaseSchema,
  VALIDATION_SECTIONS,
  ValidationCaseListSchema,
  ValidationCaseSchema,
  type ValidationSection,
} from '@vereinsheim/contracts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import {
  logMessages,
  memberships,
  messages,
  validationCases,
  validationClubSettings,
} from '../../db/schema/index.ts';

let ctx: TestContext;
let club: string;
let otherClub: string;
let reviewer: TestPerson;
let reviewer2: TestPerson;
let otherReviewer: TestPerson;
let member: TestPerson;
let committee: TestPerson;
let applicant: TestPerson;
let invitationToken: string;

const send = async (method: 'GET' | 'POST', url: string, who: TestPerson, payload?: object, lang = 'de') =>
  ctx.app.inject({
    method,
    url,
    headers: { ...(await ctx.auth(who)), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  ctx = await createTestContext();
  club = await ctx.createClub('TSV Prüfstand');
  otherClub = await ctx.createClub('SC Anderswo');
  const people = await Promise.all(
    ['Rita', 'Rolf', 'Otto', 'Mia', 'Vera', 'Anna'].map((firstName) => ctx.createPerson({ firstName })),
  );
  [reviewer, reviewer2, otherReviewer, member, committee, applicant] = people as [
    TestPerson,
    TestPerson,
    TestPerson,
    TestPerson,
    TestPerson,
    TestPerson,
  ];
  for (const p of [reviewer, reviewer2, member, committee]) await ctx.addMembership(p.personId, club);
  await ctx.addMembership(reviewer.personId, club, 'reviewer');
  await ctx.addMembership(reviewer2.personId, club, 'reviewer');
  await ctx.addMembership(committee.personId, club, 'committee');
  await ctx.addMembership(otherReviewer.personId, otherClub);
  await ctx.addMembership(otherReviewer.personId, otherClub, 'reviewer');
  await ctx.db.insert(validationClubSettings).values([
    {
      tenantId: club,
      acceptsApplications: false,
      termsVersion: '2026-1',
      termsText: 'Satzung und Datenschutz',
    },
    { tenantId: otherClub, acceptsApplications: true, termsVersion: 'A', termsText: 'AGB Anderswo' },
  ]);
  // The applicant's contact data (the application needs it) and a bank account shared with nobody.
  for (const [kind, body] of [
    ['address', { street: 'Hauptstraße', streetNumber: '5', zip: '82031', city: 'Grünwald' }],
    ['mail', { email: 'anna@example.org' }],
    ['phone', { number: '0171 1234567' }],
    ['bankaccount', { iban: 'DE89370400440532013000' }],
  ] as const) {
    const res = await send('POST', `/api/me/${kind}`, applicant, body);
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => ctx.close());

describe('invitation links', () => {
  it('committee creates, lists and revokes links; a plain member gets 403, another club 404', async () => {
    const created = await send('POST', `/api/tenants/${club}/invitation`, committee, { label: 'Flyer' });
    expect(created.statusCode).toBe(201);
    const inv = InvitationSchema.parse(created.json());
    invitationToken = inv.token;
    expect(inv.token.length).toBeGreaterThanOrEqual(20);
    const list = await send('GET', `/api/tenants/${club}/invitation`, committee);
    expect(list.json().items.map((i: { label: string }) => i.label)).toEqual(['Flyer']);

    const byMember = await send('POST', `/api/tenants/${club}/invitation`, member, {});
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toMatchObject({ code: 'club.invitation.manage.forbidden' });
    expect((await send('GET', `/api/tenants/${club}/invitation`, otherReviewer)).statusCode).toBe(404);

    const spare = InvitationSchema.parse(
      (await send('POST', `/api/tenants/${club}/invitation`, committee, {})).json(),
    );
    const revoked = await send('POST', `/api/tenants/${club}/invitation/${spare.id}/revoke`, committee);
    expect(revoked.json().revokedAt).not.toBeNull();
    const gone = await send('GET', `/api/invitation/${spare.token}`, applicant);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({
      code: 'invitation.notFound',
      detail: 'Diese Einladung gibt es nicht (mehr).',
    });
  });

  it('an invitation shows the club and its terms', async () => {
    const res = await send('GET', `/api/invitation/${invitationToken}`, applicant);
    expect(res.json()).toEqual({
      tenantId: club,
      name: 'TSV Prüfstand',
      termsVersion: '2026-1',
      termsText: 'Satzung und Datenschutz',
    });
  });
});

describe('applying', () => {
  it('lists clubs accepting applications, searchable by name', async () => {
    const all = await send('GET', '/api/clubs/joinable', applicant);
    expect(all.json().items.map((c: { name: string }) => c.name)).toEqual(['SC Anderswo']);
    const none = await send('GET', '/api/clubs/joinable?keyword=Prüf', applicant);
    expect(none.json().items).toEqual([]);
    // A member of SC Anderswo is not offered their own club.
    const own = await send('GET', '/api/clubs/joinable', otherReviewer);
    expect(own.json().items).toEqual([]);
  });

  it('refuses outdated terms, a club not taking applications, members and a second application', async () => {
    const old = await send('POST', '/api/me/validationcase', applicant, {
      invitationToken,
      termsVersion: '2025',
    });
    expect(old.statusCode).toBe(422);
    expect(old.json()).toMatchObject({ code: 'validation.termsOutdated' });
    const closed = await send('POST', '/api/me/validationcase', applicant, {
      tenantId: club,
      termsVersion: '2026-1',
    });
    expect(closed.statusCode).toBe(404);
    const mem = await send('POST', '/api/me/validationcase', member, {
      invitationToken,
      termsVersion: '2026-1',
    });
    expect(mem.statusCode).toBe(409);
    expect(mem.json()).toMatchObject({ code: 'validation.alreadyMember' });
  });

  it('applies through the invitation link: an open case, a message and a log entry for the person', async () => {
    const res = await send('POST', '/api/me/validationcase', applicant, {
      invitationToken,
      termsVersion: '2026-1',
      message: 'Ich spiele gern Tennis.',
    });
    expect(res.statusCode).toBe(201);
    const c = MyValidationCaseSchema.parse(res.json());
    expect(c).toMatchObject({ tenantId: club, reason: 'application', state: 'open', version: 1 });
    const again = await send('POST', '/api/me/validationcase', applicant, {
      invitationToken,
      termsVersion: '2026-1',
    });
    expect(again.json()).toMatchObject({ status: 409, code: 'validation.alreadyOpen' });
    const inbox = await send('GET', '/api/me/messages', applicant);
    expect(inbox.json().items[0].title).toBe('Dein Antrag bei TSV Prüfstand ist eingegangen');
    const log = await send('GET', '/api/me/logmessages', applicant);
    expect(log.json().items[0].summary).toBe(
      'Aufnahmeantrag bei TSV Prüfstand gestellt (AGB Version 2026-1 akzeptiert)',
    );
  });
});

describe('reviewing', () => {
  let caseId: string;
  const decide = (
    who: TestPerson,
    section: ValidationSection,
    version: number,
    decision = 'approved',
    comment?: string,
  ) =>
    send('POST', `/api/me/profilevalidation/${caseId}/section/${section}`, who, {
      decision,
      comment,
      version,
    });

  it("the queue shows the club's cases to its reviewers only, newest first with counts", async () => {
    const res = await send('GET', '/api/me/profilevalidation', reviewer);
    expect(res.json()).toMatchObject({ page: 1 });
    const list = ValidationCaseListSchema.parse(res.json());
    expect(list.items.map((i) => [i.personName.split(' ')[0], i.state])).toEqual([['Anna', 'open']]);
    expect(list.counts).toEqual({ open: 1 });
    caseId = list.items[0]!.id;
    for (const who of [member, otherReviewer, applicant])
      expect(
        ValidationCaseListSchema.parse((await send('GET', '/api/me/profilevalidation', who)).json()).items,
      ).toEqual([]);
    const filtered = ValidationCaseListSchema.parse(
      (await send('GET', '/api/me/profilevalidation?state=approved', reviewer)).json(),
    );
    expect(filtered).toMatchObject({ items: [], maximumcount: 0, counts: { open: 1 } });
    expect((await send('GET', '/api/me/profilevalidation?state=nope', reviewer)).statusCode).toBe(400);
  });

  it('a reviewer sees contact data the application needs, not unshared bank data; others get 404', async () => {
    const c = ValidationCaseSchema.parse(
      (await send('GET', `/api/me/profilevalidation/${caseId}`, reviewer)).json(),
    );
    expect(c.data.address.map((a) => a.city)).toEqual(['Grünwald']);
    expect(c.data.mail.map((m) => m.email)).toEqual(['anna@example.org']);
    expect(c.data.bank).toEqual([]);
    expect(c.data.profile).toMatchObject({ firstName: 'Anna', birthplace: 'Köln' });
    expect(c.data.agb).toMatchObject({ termsVersion: '2026-1', termsText: 'Satzung und Datenschutz' });
    expect(c.data.clubs).toMatchObject({ requestedRoles: ['member'], message: 'Ich spiele gern Tennis.' });
    for (const who of [member, otherReviewer, applicant]) {
      const res = await send('GET', `/api/me/profilevalidation/${caseId}`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'validationCase.notFound' });
    }
  });

  it('refuses closing before every section is decided, and a correction without comment', async () => {
    const first = await decide(reviewer, 'info', 1);
    expect(ValidationCaseSchema.parse(first.json())).toMatchObject({ state: 'in_review', version: 2 });
    const close = await send('POST', `/api/me/profilevalidation/${caseId}/close`, reviewer, { version: 2 });
    expect(close.statusCode).toBe(409);
    expect(close.json()).toMatchObject({ code: 'validation.sectionsUndecided' });
    const bare = await decide(reviewer, 'address', 2, 'correction');
    expect(bare.statusCode).toBe(422);
  });

  it('serialises two reviewers deciding at once: the second gets 409', async () => {
    const [a, b] = await Promise.all([decide(reviewer, 'profile', 2), decide(reviewer2, 'mail', 2)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(loser.json()).toMatchObject({ code: 'validation.versionConflict' });
    const c = ValidationCaseSchema.parse(
      (await send('GET', `/api/me/profilevalidation/${caseId}`, reviewer)).json(),
    );
    expect(c).toMatchObject({ version: 3, decidedSections: 2 });
  });

  it('requests a correction of the address; the person is told and resubmits; the reviewer approves', async () => {
    let version = 3;
    for (const section of VALIDATION_SECTIONS.filter((s) => s !== 'info')) {
      const res =
        section === 'address'
          ? await decide(reviewer, section, version, 'correction', 'Hausnummer fehlt')
          : await decide(reviewer, section, version);
      expect(res.statusCode, res.body).toBe(200);
      version = res.json().version;
    }
    const closed = await send('POST', `/api/me/profilevalidation/${caseId}/close`, reviewer, { version });
    expect(closed.json()).toMatchObject({ state: 'corrections_requested', correctionSections: ['address'] });
    version = closed.json().version;
    // Waiting for the person: reviewers cannot decide, others cannot resubmit for them.
    expect((await decide(reviewer, 'address', version)).json()).toMatchObject({
      code: 'validation.awaitingResubmission',
    });
    expect(
      (await send('POST', `/api/me/validationcase/${caseId}/resubmit`, reviewer, { version })).statusCode,
    ).toBe(404);

    const mine = MyValidationCaseListSchema.parse(
      (await send('GET', '/api/me/validationcase', applicant, undefined, 'en')).json(),
    );
    expect(mine.items[0]!.decisions.find((d) => d.section === 'address')).toMatchObject({
      decision: 'correction',
      comment: 'Hausnummer fehlt',
    });
    const inbox = await send('GET', '/api/me/messages', applicant, undefined, 'en');
    expect(inbox.json().items[0].title).toBe('TSV Prüfstand asks you for corrections');

    const stale = await send('POST', `/api/me/validationcase/${caseId}/resubmit`, applicant, { version: 1 });
    expect(stale.json()).toMatchObject({ status: 409, code: 'validation.versionConflict' });
    const resubmitted = await send('POST', `/api/me/validationcase/${caseId}/resubmit`, applicant, {
      version,
    });
    expect(resubmitted.json()).toMatchObject({
      state: 'resubmitted',
      correctionSections: [],
      decidedSections: 9,
    });
    const twice = await send('POST', `/api/me/validationcase/${caseId}/resubmit`, applicant, {
      version: version + 1,
    });
    expect(twice.json()).toMatchObject({ code: 'validation.notAwaitingCorrection' });
    version += 1;

    const addr = await decide(reviewer2, 'address', version);
    version = addr.json().version;
    const approved = await send('POST', `/api/me/profilevalidation/${caseId}/close`, reviewer2, { version });
    expect(approved.json()).toMatchObject({ state: 'approved' });
    const rows = await ctx.db.select().from(memberships).where(eq(memberships.personId, applicant.personId));
    expect(rows.map((r) => [r.tenantId, r.role])).toEqual([[club, 'member']]);
    const after = await decide(reviewer, 'info', approved.json().version);
    expect(after.json()).toMatchObject({ status: 409, code: 'validation.closed' });

    const inbox2 = await send('GET', '/api/me/messages', applicant);
    expect(inbox2.json().items[0].title).toBe('Willkommen bei TSV Prüfstand!');
    const reviewerLog = await ctx.db
      .select()
      .from(logMessages)
      .where(eq(logMessages.personId, reviewer2.personId));
    expect(reviewerLog.map((l) => l.summaryKey)).toEqual(
      expect.arrayContaining(['log.validation.reviewer.decided', 'log.validation.reviewer.approved']),
    );
    const personMsgs = await ctx.db.select().from(messages).where(eq(messages.personId, applicant.personId));
    expect(personMsgs.map((m) => m.textKey)).toEqual(
      expect.arrayContaining([
        'message.validationApplied',
        'message.validationInReview',
        'message.validationCorrections',
        'message.validationResubmitted',
        'message.validationJoined',
      ]),
    );
  });
});

describe('opening a check for a member', () => {
  it('reviewers open identity-change and yearly checks; a member gets 403, another club 404', async () => {
    const res = await send('POST', `/api/tenants/${club}/profilevalidation`, reviewer, {
      personId: member.personId,
      reason: 'yearlyCheck',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ reason: 'yearlyCheck', state: 'open' });
    const byMember = await send('POST', `/api/tenants/${club}/profilevalidation`, member, {
      personId: member.personId,
      reason: 'identityChange',
    });
    expect(byMember.json()).toMatchObject({ status: 403, code: 'validation.case.open.forbidden' });
    const other = await send('POST', `/api/tenants/${club}/profilevalidation`, otherReviewer, {
      personId: member.personId,
      reason: 'identityChange',
    });
    expect(other.statusCode).toBe(404);
    const notMember = await send('POST', `/api/tenants/${club}/profilevalidation`, reviewer, {
      personId: otherReviewer.personId,
      reason: 'yearlyCheck',
    });
    expect(notMember.json()).toMatchObject({ status: 404, code: 'person.notFound' });
  });
});

describe('a change of identity data', () => {
  let reviewing: string;
  let notReviewing: string;
  let checker: TestPerson;
  let person: TestPerson;
  const identity = { firstName: 'Ida', lastName: 'Neumann', birthdate: '1990-05-04', birthplace: 'Bonn' };
  const put = async (who: TestPerson, body: object) =>
    ctx.app.inject({ method: 'PUT', url: '/api/me', headers: await ctx.auth(who), payload: body });
  const queue = async (tenantId: string, who: TestPerson) =>
    ValidationCaseListSchema.parse(
      (await send('GET', `/api/me/profilevalidation?tenantId=${tenantId}`, who)).json(),
    ).items.filter((c) => c.personId === person.personId);

  beforeAll(async () => {
    reviewing = await ctx.createClub('TV Identität');
    notReviewing = await ctx.createClub('TV Ohne Prüfung');
    checker = await ctx.createPerson({ firstName: 'Karl' });
    person = await ctx.createPerson({ firstName: 'Ida' });
    await ctx.addMembership(checker.personId, reviewing);
    await ctx.addMembership(checker.personId, reviewing, 'reviewer');
    await ctx.addMembership(checker.personId, notReviewing);
    await ctx.addMembership(checker.personId, notReviewing, 'reviewer');
    await ctx.addMembership(person.personId, reviewing);
    await ctx.addMembership(person.personId, notReviewing);
    await ctx.db.insert(validationClubSettings).values([
      { tenantId: reviewing, reviewsIdentityChanges: true },
      { tenantId: notReviewing, reviewsIdentityChanges: false },
    ]);
    expect((await put(person, identity)).statusCode).toBe(200);
    // The first save sets the data the clubs will check from now on (its case and message are not the subject here).
    await ctx.db.delete(validationCases).where(eq(validationCases.personId, person.personId));
    await ctx.db.delete(messages).where(eq(messages.personId, person.personId));
  });

  it('opens an identity-change case in a club that reviews such changes, tells the person, and only once', async () => {
    expect((await put(person, { ...identity, lastName: 'Neumann-Berg' })).statusCode).toBe(200);
    const cases = await queue(reviewing, checker);
    expect(cases).toMatchObject([
      { reason: 'identityChange', state: 'open', personName: 'Ida Neumann-Berg' },
    ]);
    expect(await queue(notReviewing, checker)).toEqual([]);
    const told = await ctx.db.select().from(messages).where(eq(messages.personId, person.personId));
    expect(told.map((m) => m.textKey)).toContain('message.validationOpened');

    // A second change while the case is unfinished joins that case.
    expect((await put(person, { ...identity, lastName: 'Berg', birthplace: 'Köln' })).statusCode).toBe(200);
    expect(await queue(reviewing, checker)).toHaveLength(1);
  });

  it('opens none for a change of title only', async () => {
    await ctx.db.delete(validationCases).where(eq(validationCases.personId, person.personId));
    expect(
      (await put(person, { ...identity, lastName: 'Berg', birthplace: 'Köln', title: 'Dr.' })).statusCode,
    ).toBe(200);
    expect(await queue(reviewing, checker)).toEqual([]);
  });
});
