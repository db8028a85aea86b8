import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClubInvoiceListSchema,
  ClubMemberListSchema,
  ClubMemberSchema,
  IssueInvoicesResultSchema,
  MemberImportResultSchema,
} from '@vereinsheim/contracts';
import { todayIso } from '../../lib/today.ts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import {
  invoiceLines,
  itemSharing,
  jobs,
  logMessages,
  mailAddresses,
  memberships,
  messages,
  persons,
  teamMembers,
  teams,
} from '../../db/schema/index.ts';

let ctx: TestContext;
let club: string;
let otherClub: string;
let admin: TestPerson;
let committee: TestPerson;
let member: TestPerson;
let stranger: TestPerson;

beforeAll(async () => {
  ctx = await createTestContext();
  club = await ctx.createClub('Kanuclub');
  otherClub = await ctx.createClub('Anderer Club');
  admin = await ctx.createPerson({ firstName: 'Ada', lastName: 'Admin' });
  committee = await ctx.createPerson({ firstName: 'Karl', lastName: 'Kasse' });
  member = await ctx.createPerson({ firstName: 'Mia', lastName: 'Mitglied' });
  stranger = await ctx.createPerson({ firstName: 'Sven', lastName: 'Fremd' });
  for (const p of [admin, committee, member]) await ctx.addMembership(p.personId, club);
  await ctx.addMembership(admin.personId, club, 'admin');
  await ctx.addMembership(committee.personId, club, 'committee');
  await ctx.addMembership(stranger.personId, otherClub);
  await ctx.addMembership(stranger.personId, otherClub, 'admin');
  // Mia shares one address with the club's internal view, keeps another private.
  const [shared] = await ctx.db
    .insert(mailAddresses)
    .values({ personId: member.personId, email: 'mia@example.org' })
    .returning();
  await ctx.db.insert(mailAddresses).values({ personId: member.personId, email: 'geheim@example.org' });
  await ctx.db.insert(itemSharing).values({
    personId: member.personId,
    itemKind: 'mail',
    itemId: shared!.id,
    tenantId: club,
    intern: true,
  });
});
afterAll(() => ctx.close());

const req = async (person: TestPerson, method: 'GET' | 'POST', url: string, payload?: object, lng = 'de') =>
  ctx.app.inject({
    method,
    url,
    headers: { ...(await ctx.auth(person)), 'accept-language': lng },
    ...(payload ? { payload } : {}),
  });

describe('members (club admins)', () => {
  it('lists the members with only the contact data shared with the club, searchable and paged', async () => {
    const res = await req(admin, 'GET', `/api/tenants/${club}/members?pagesize=2`);
    expect(res.statusCode).toBe(200);
    const list = ClubMemberListSchema.parse(res.json());
    expect(list.maximumcount).toBe(3);
    expect(list.items.map((m) => m.lastName)).toEqual(['Admin', 'Kasse']);
    const found = ClubMemberListSchema.parse(
      (await req(admin, 'GET', `/api/tenants/${club}/members?keyword=mia@exa`)).json(),
    );
    expect(found.items).toHaveLength(1);
    expect(found.items[0]).toMatchObject({ firstName: 'Mia', emails: ['mia@example.org'], active: true });
    // The private address is neither shown nor searchable.
    const hidden = (await req(admin, 'GET', `/api/tenants/${club}/members?keyword=geheim`)).json();
    expect(hidden.maximumcount).toBe(0);
  });

  it('refuses a plain member (403), the committee (403) and another club’s admin (404)', async () => {
    for (const [who, status] of [
      [member, 403],
      [committee, 403],
      [stranger, 404],
    ] as const) {
      const res = await req(who, 'GET', `/api/tenants/${club}/members`);
      expect(res.statusCode).toBe(status);
    }
    const res = await req(member, 'GET', `/api/tenants/${club}/members`);
    expect(res.json().detail).toBe('Nur Admins des Vereins verwalten die Mitglieder.');
    const other = await req(admin, 'GET', `/api/tenants/${club}/members/${stranger.personId}`);
    expect(other.statusCode).toBe(404);
  });

  it('adds a dated role, refuses it twice, ends it, and logs each change with the acting person', async () => {
    const url = `/api/tenants/${club}/members/${member.personId}`;
    const added = await req(admin, 'POST', `${url}/roles`, { role: 'trainer', startsOn: '2026-01-01' });
    expect(added.statusCode).toBe(201);
    const trainer = ClubMemberSchema.parse(added.json()).roles.find((r) => r.role === 'trainer')!;
    expect(trainer).toMatchObject({ startsOn: '2026-01-01', endsOn: null });
    const again = await req(admin, 'POST', `${url}/roles`, { role: 'trainer' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Diese Rolle hat die Person schon.');
    const ended = await req(admin, 'POST', `${url}/roles/${trainer.id}/end`, { endsOn: '2026-06-30' });
    expect(ended.statusCode).toBe(200);
    expect(ClubMemberSchema.parse(ended.json()).roles.find((r) => r.id === trainer.id)).toMatchObject({
      endsOn: '2026-06-30',
      active: false,
    });
    // Once ended, the role may be given again: a new dated row, the old one stays as history.
    const readded = await req(admin, 'POST', `${url}/roles`, { role: 'trainer', startsOn: '2026-09-01' });
    expect(ClubMemberSchema.parse(readded.json()).roles.filter((r) => r.role === 'trainer')).toHaveLength(2);
    const log = await ctx.db
      .select()
      .from(logMessages)
      .where(and(eq(logMessages.personId, member.personId), eq(logMessages.entityKind, 'membership')));
    expect(log.map((l) => l.summaryKey).sort()).toEqual([
      'log.membership.roleAdded',
      'log.membership.roleAdded',
      'log.membership.roleEnded',
    ]);
    expect(log.every((l) => l.actorPersonId === admin.personId)).toBe(true);
  });

  it('refuses role changes by a plain member without changing anything', async () => {
    const res = await req(member, 'POST', `/api/tenants/${club}/members/${member.personId}/roles`, {
      role: 'admin',
    });
    expect(res.statusCode).toBe(403);
    const rows = await ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.personId, member.personId), eq(memberships.role, 'admin')));
    expect(rows).toEqual([]);
  });

  it('exports the active members as CSV with BOM and German column names', async () => {
    const res = await req(admin, 'GET', `/api/tenants/${club}/members/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const text = res.body;
    expect(text.startsWith('\uFEFFNachname;Vorname;E-Mail;Telefon;Rollen;Mitglied seit')).toBe(true);
    expect(text).toContain('Mitglied;Mia;mia@example.org');
    expect(text).not.toContain('geheim@example.org');
    expect(res.headers['content-disposition']).toBe('attachment; filename="mitglieder.csv"');
  });

  it('exports the members with English column names and roles, comma-separated, to an English reader', async () => {
    const res = await req(admin, 'GET', `/api/tenants/${club}/members/export`, undefined, 'en');
    expect(res.body.startsWith('\uFEFFLast name,First name,Email,Phone,Roles,Member since\r\n')).toBe(true);
    expect(res.body).toMatch(/\r\nMitglied,Mia,mia@example\.org,[^,]*,"?[^\r]*\bMember\b/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="members.csv"');
  });

  it('ends a membership: every open role ends, the member leaves the list of active members', async () => {
    const extra = await ctx.createPerson({ firstName: 'Egon', lastName: 'Ehemalig' });
    await ctx.addMembership(extra.personId, club);
    const url = `/api/tenants/${club}/members/${extra.personId}/end`;
    const tooEarly = await req(admin, 'POST', url, { endsOn: '2000-01-01' }, 'en');
    expect(tooEarly.statusCode).toBe(422);
    expect(tooEarly.json().detail).toBe('The end must not be before the start.');
    await ctx.db
      .update(memberships)
      .set({ startsOn: '2020-01-01' })
      .where(eq(memberships.personId, extra.personId));
    const res = await req(admin, 'POST', url, { endsOn: '2026-01-01' });
    expect(res.statusCode).toBe(200);
    expect(res.json().active).toBe(false);
    expect((await req(admin, 'POST', url, { endsOn: '2026-01-01' })).statusCode).toBe(409);
    const list = (await req(admin, 'GET', `/api/tenants/${club}/members?keyword=Ehemalig`)).json();
    expect(list.maximumcount).toBe(0);
    const all = (
      await req(admin, 'GET', `/api/tenants/${club}/members?keyword=Ehemalig&includeEnded=true`)
    ).json();
    expect(all.maximumcount).toBe(1);
  });
});

describe('member import', () => {
  const csv = [
    'Vorname;Nachname;E-Mail;Geburtsdatum;Eintritt',
    'Paula;Paddel;paula@example.org;03.05.1990;01.01.2020',
    'Ben;Boot;ben@example.org;1988-11-30;',
    ';Ohnename;kein-at;31.02.1990;',
    'Paula;Paddel;PAULA@example.org;03.05.1990;',
  ].join('\n');

  it('previews each row with its errors and writes nothing in a dry run', async () => {
    const before = await ctx.db.select().from(persons);
    const read = ctx.app.documents.completed;
    const res = await req(admin, 'POST', `/api/tenants/${club}/members/import`, { csv, dryRun: true });
    expect(res.statusCode).toBe(200);
    // The file was parsed by the document thread, not on the event loop (ADR 0036).
    expect(ctx.app.documents.completed).toBe(read + 1);
    const result = MemberImportResultSchema.parse(res.json());
    expect(result).toMatchObject({ dryRun: true, created: 2, matched: 0, failed: 2 });
    expect(result.rows.map((r) => [r.line, r.outcome])).toEqual([
      [2, 'new'],
      [3, 'new'],
      [4, 'error'],
      [5, 'error'],
    ]);
    expect(result.rows[2]!.errors.map((e) => e.field)).toEqual(['firstName', 'email', 'birthdate']);
    expect(result.rows[3]!.errors[0]!.message).toBe('Doppelt in der Datei (gleiche E-Mail und Geburtsdatum)');
    expect(await ctx.db.select().from(persons)).toHaveLength(before.length);
  });

  it('writes the good rows when confirmed, and a re-import matches them without duplicates', async () => {
    const res = await req(admin, 'POST', `/api/tenants/${club}/members/import`, { csv, dryRun: false });
    expect(MemberImportResultSchema.parse(res.json())).toMatchObject({ created: 2, failed: 2 });
    const paula = (await req(admin, 'GET', `/api/tenants/${club}/members?keyword=Paddel`)).json();
    expect(paula.items[0]).toMatchObject({ emails: ['paula@example.org'], active: true });
    expect(paula.items[0].roles[0]).toMatchObject({ role: 'member', startsOn: '2020-01-01' });
    const again = await req(admin, 'POST', `/api/tenants/${club}/members/import`, { csv, dryRun: false });
    expect(MemberImportResultSchema.parse(again.json())).toMatchObject({ created: 0, matched: 2 });
    expect(await ctx.db.select().from(persons).where(eq(persons.lastName, 'Paddel'))).toHaveLength(1);
  });

  it('reopens a former member on re-import: a new member role from today, no duplicate, the old role kept', async () => {
    const file = ['Vorname;Nachname;E-Mail;Geburtsdatum', 'Rita;Rückkehr;rita@example.org;07.07.1977'].join(
      '\n',
    );
    const first = await req(admin, 'POST', `/api/tenants/${club}/members/import`, {
      csv: file,
      dryRun: false,
    });
    expect(MemberImportResultSchema.parse(first.json())).toMatchObject({ created: 1 });
    const rita = (await req(admin, 'GET', `/api/tenants/${club}/members?keyword=Rückkehr`)).json().items[0];
    // She left: her role ended in the past.
    await ctx.db
      .update(memberships)
      .set({ startsOn: '2015-01-01', endsOn: '2020-12-31' })
      .where(and(eq(memberships.personId, rita.personId), eq(memberships.tenantId, club)));

    const preview = await req(admin, 'POST', `/api/tenants/${club}/members/import`, {
      csv: file,
      dryRun: true,
    });
    const dry = MemberImportResultSchema.parse(preview.json());
    expect(dry).toMatchObject({ created: 0, matched: 0, reopened: 1 });
    expect(dry.rows.map((r) => r.outcome)).toEqual(['reopened']);
    const stillFormer = ClubMemberSchema.parse(
      (await req(admin, 'GET', `/api/tenants/${club}/members/${rita.personId}`)).json(),
    );
    expect(stillFormer.active).toBe(false);

    const res = await req(admin, 'POST', `/api/tenants/${club}/members/import`, { csv: file, dryRun: false });
    expect(MemberImportResultSchema.parse(res.json())).toMatchObject({ created: 0, reopened: 1 });
    const back = ClubMemberSchema.parse(
      (await req(admin, 'GET', `/api/tenants/${club}/members/${rita.personId}`)).json(),
    );
    const today = todayIso();
    expect(back.active).toBe(true);
    expect(back.roles.map((r) => [r.startsOn, r.endsOn, r.active])).toEqual([
      ['2015-01-01', '2020-12-31', false],
      [today, null, true],
    ]);
    expect(await ctx.db.select().from(persons).where(eq(persons.lastName, 'Rückkehr'))).toHaveLength(1);
    // Importing again now finds her as a current member.
    const again = await req(admin, 'POST', `/api/tenants/${club}/members/import`, {
      csv: file,
      dryRun: false,
    });
    expect(MemberImportResultSchema.parse(again.json())).toMatchObject({ matched: 1, reopened: 0 });
  });

  it('checks and writes a file of 60 rows with as many statements as a file of 3 (no statement per row)', async () => {
    const header = 'Vorname;Nachname;E-Mail;Geburtsdatum';
    const people = (name: string, n: number) =>
      Array.from(
        { length: n },
        (_, i) => `Nr${i};${name};${name.toLowerCase()}-${i}@example.org;0${(i % 9) + 1}.02.1991`,
      );
    const send = (lines: string[], dryRun: boolean) =>
      ctx.countQueries(async () => {
        const res = await req(admin, 'POST', `/api/tenants/${club}/members/import`, {
          csv: [header, ...lines].join('\n'),
          dryRun,
        });
        expect(res.statusCode).toBe(200);
        return MemberImportResultSchema.parse(res.json());
      });
    // The same request once before, so that both measured imports find the admin's caches equally warm.
    await send(people('Aufwaermen', 1), true);

    const smallPreview = await send(people('Klein', 3), true);
    const largePreview = await send(people('Gross', 60), true);
    expect(largePreview.result).toMatchObject({ created: 60, failed: 0 });
    expect(largePreview.queries).toBe(smallPreview.queries);

    const small = await send(people('Klein', 3), false);
    const large = await send(people('Gross', 60), false);
    expect(small.result).toMatchObject({ created: 3 });
    expect(large.result).toMatchObject({ created: 60, matched: 0, failed: 0 });
    expect(large.queries).toBe(small.queries);

    // Every new member has the role, the mail address shared with the club, and a log entry by the admin.
    const list = ClubMemberListSchema.parse(
      (await req(admin, 'GET', `/api/tenants/${club}/members?keyword=Gross&pagesize=100`)).json(),
    );
    expect(list.maximumcount).toBe(60);
    expect(list.items.every((m) => m.active && m.emails.length === 1 && m.roles.length === 1)).toBe(true);
    const ids = list.items.map((m) => m.personId);
    const logs = await ctx.db.select().from(logMessages).where(inArray(logMessages.personId, ids));
    expect(logs).toHaveLength(60);
    expect(
      logs.every((l) => l.actorPersonId === admin.personId && l.summaryKey === 'log.membership.roleAdded'),
    ).toBe(true);

    // Former members: the three of the small file leave, then both files come again in one: 3 reopened, 60
    // current, in as many statements as the first write.
    const klein = (
      await ctx.db.select({ id: persons.id }).from(persons).where(eq(persons.lastName, 'Klein'))
    ).map((p) => p.id);
    await ctx.db
      .update(memberships)
      .set({ startsOn: '2015-01-01', endsOn: '2020-12-31' })
      .where(and(inArray(memberships.personId, klein), eq(memberships.tenantId, club)));
    const again = await send([...people('Klein', 3), ...people('Gross', 60)], false);
    expect(again.result).toMatchObject({ created: 0, reopened: 3, matched: 60 });
    expect(again.queries).toBeLessThanOrEqual(small.queries);
  });

  it('answers a file without the needed columns with 422 naming them, and refuses non-admins', async () => {
    const res = await req(admin, 'POST', `/api/tenants/${club}/members/import`, {
      csv: 'Name,Ort\nA,B',
      dryRun: true,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'firstName',
      'email',
      'birthdate',
    ]);
    expect(
      (await req(committee, 'POST', `/api/tenants/${club}/members/import`, { csv, dryRun: true })).statusCode,
    ).toBe(403);
  });

  it('answers a file it cannot read (an unclosed quote) with 400 naming the line, not 500', async () => {
    const res = await req(admin, 'POST', `/api/tenants/${club}/members/import`, {
      csv: 'Vorname;Nachname;E-Mail;Geburtsdatum\n"Anna;Berg;anna@example.org;01.01.1990',
      dryRun: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'member.csvUnreadable', errors: [{ field: 'csv' }] });
    expect(res.json().detail).toMatch(/^Die CSV-Datei lässt sich nicht lesen \(Zeile \d+\)/);
  });
});

describe('invoices (committee)', () => {
  const lines = [
    {
      description: 'Jahresbeitrag',
      quantity: 1,
      unitPriceCents: 10000,
      vatRatePercent: 0,
      vatExemptionReason: 'Nicht steuerbarer Mitgliedsbeitrag',
    },
    { description: 'Trikot', quantity: 2, unitPriceCents: 2000, vatRatePercent: 19 },
  ];
  const due = '2099-01-31';

  it('issues an invoice with line items and VAT, numbered per club, and puts it into the member’s inbox', async () => {
    const res = await req(committee, 'POST', `/api/tenants/${club}/invoices`, {
      personIds: [member.personId],
      title: 'Beitrag 2027',
      dueDate: due,
      lines,
    });
    expect(res.statusCode).toBe(201);
    const [invoice] = IssueInvoicesResultSchema.parse(res.json()).issued;
    expect(invoice).toMatchObject({ number: 'R-00001', status: 'open', grossCents: 10000 + 4760 });
    // The member sees it under /invoices, with the lines and VAT.
    const own = await req(member, 'GET', `/api/invoice/${invoice!.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ number: 'R-00001', vatCents: 760, title: 'Beitrag 2027' });
    const inbox = await ctx.db.select().from(messages).where(eq(messages.personId, member.personId));
    expect(inbox.map((m) => m.textKey)).toContain('message.invoiceIssued');
  });

  it('runs a fee run over every active member of a role', async () => {
    const res = await req(admin, 'POST', `/api/tenants/${club}/invoices`, {
      role: 'committee',
      title: 'Vorstandsumlage',
      dueDate: due,
      lines: [lines[0]],
    });
    expect(res.statusCode).toBe(201);
    const { issued } = IssueInvoicesResultSchema.parse(res.json());
    expect(issued.map((i) => [i.personId, i.number])).toEqual([[committee.personId, 'R-00002']]);
  });

  it('issues a fee run to 28 members in as many statements as to 2: numbers without gaps, lines, message, push job and log for each', async () => {
    const feeClub = await ctx.createClub('Beitragsverein');
    const treasurer = await ctx.createPerson({ firstName: 'Tina', lastName: 'Kasse' });
    await ctx.addMembership(treasurer.personId, feeClub);
    await ctx.addMembership(treasurer.personId, feeClub, 'committee');
    const payers: TestPerson[] = [];
    for (let i = 0; i < 30; i++) {
      const payer = await ctx.createPerson({
        firstName: 'Zahl',
        lastName: `Zahler ${String(i).padStart(2, '0')}`,
      });
      await ctx.addMembership(payer.personId, feeClub, i < 2 ? 'trainer' : 'participant');
      payers.push(payer);
    }
    const run = (role: 'trainer' | 'participant') =>
      ctx.countQueries(async () => {
        const res = await req(treasurer, 'POST', `/api/tenants/${feeClub}/invoices`, {
          role,
          title: 'Beitrag 2027',
          dueDate: due,
          lines,
        });
        expect(res.statusCode).toBe(201);
        return IssueInvoicesResultSchema.parse(res.json()).issued;
      });
    // The same request path once before, so that both measured runs find the caches equally warm.
    expect((await req(treasurer, 'GET', `/api/tenants/${feeClub}/invoices`)).statusCode).toBe(200);

    const small = await run('trainer');
    const large = await run('participant');
    expect(small.result.map((i) => i.number)).toEqual(['R-00001', 'R-00002']);
    expect(large.result.map((i) => i.number)).toEqual(
      Array.from({ length: 28 }, (_, i) => `R-${String(i + 3).padStart(5, '0')}`),
    );
    expect(large.result.map((i) => i.personId).sort()).toEqual(
      payers
        .slice(2)
        .map((p) => p.personId)
        .sort(),
    );
    expect(large.queries).toBe(small.queries);

    // Each of the 28 has both lines and the totals of them, its message with a push job, and its log entry.
    const ids = large.result.map((i) => i.id);
    expect(large.result.every((i) => i.grossCents === 10000 + 4760)).toBe(true);
    const stored = await ctx.db.select().from(invoiceLines).where(inArray(invoiceLines.invoiceId, ids));
    expect(stored).toHaveLength(56);
    const inbox = await ctx.db
      .select()
      .from(messages)
      .where(
        inArray(
          messages.personId,
          payers.slice(2).map((p) => p.personId),
        ),
      );
    expect(inbox.map((m) => [m.textKey, m.link]).sort()).toEqual(
      ids.map((id) => ['message.invoiceIssued', `/invoices/${id}`]).sort(),
    );
    const pushJobs = await ctx.db
      .select()
      .from(jobs)
      .where(
        inArray(
          jobs.key,
          inbox.map((m) => `push:message:${m.id}`),
        ),
      );
    expect(pushJobs).toHaveLength(28);
    const logs = await ctx.db.select().from(logMessages).where(inArray(logMessages.entityId, ids));
    expect(logs.map((l) => [l.summaryKey, l.actorPersonId])).toEqual(
      Array(28).fill(['log.invoice.created', treasurer.personId]),
    );
  });

  it('refuses a plain member (403), another club’s admin (404) and a member of another club as recipient (404)', async () => {
    const body = { personIds: [member.personId], title: 'X', dueDate: due, lines };
    expect((await req(member, 'POST', `/api/tenants/${club}/invoices`, body)).statusCode).toBe(403);
    expect((await req(stranger, 'POST', `/api/tenants/${club}/invoices`, body)).statusCode).toBe(404);
    const outsider = await req(committee, 'POST', `/api/tenants/${club}/invoices`, {
      ...body,
      personIds: [stranger.personId],
    });
    expect(outsider.statusCode).toBe(404);
    const past = await req(committee, 'POST', `/api/tenants/${club}/invoices`, {
      ...body,
      dueDate: '2000-01-01',
    });
    expect(past.statusCode).toBe(422);
  });

  it('lists, reminds, marks paid and cancels; a settled invoice refuses further changes', async () => {
    const list = ClubInvoiceListSchema.parse(
      (await req(committee, 'GET', `/api/tenants/${club}/invoices?status=open`)).json(),
    );
    expect(list.items.map((i) => i.number)).toEqual(['R-00002', 'R-00001']);
    const [second, first] = list.items;
    const reminded = await req(committee, 'POST', `/api/tenants/${club}/invoices/${first!.id}/reminder`);
    expect(reminded.json()).toMatchObject({ reminderCount: 1 });
    const inbox = await ctx.db.select().from(messages).where(eq(messages.personId, member.personId));
    expect(inbox.map((m) => m.textKey)).toContain('message.invoiceReminder');
    const [remindedLog] = await ctx.db
      .select()
      .from(logMessages)
      .where(and(eq(logMessages.entityId, first!.id), eq(logMessages.summaryKey, 'log.invoice.reminded')));
    expect(remindedLog).toMatchObject({ personId: member.personId, actorPersonId: committee.personId });
    const paid = await req(committee, 'POST', `/api/tenants/${club}/invoices/${first!.id}/paid`, {
      paidOn: '2026-11-20',
    });
    expect(paid.json()).toMatchObject({ status: 'paid', paidOn: '2026-11-20' });
    expect(
      (await req(committee, 'POST', `/api/tenants/${club}/invoices/${first!.id}/cancel`)).statusCode,
    ).toBe(409);
    const cancelled = await req(committee, 'POST', `/api/tenants/${club}/invoices/${second!.id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(
      (await req(member, 'POST', `/api/tenants/${club}/invoices/${second!.id}/reminder`)).statusCode,
    ).toBe(403);
  });

  it('exports the open items as CSV', async () => {
    await req(committee, 'POST', `/api/tenants/${club}/invoices`, {
      personIds: [member.personId],
      title: 'Kursgebühr',
      dueDate: due,
      lines: [lines[0]],
    });
    const res = await req(committee, 'GET', `/api/tenants/${club}/invoices/open-items`);
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('\uFEFFRechnungsnummer;Titel;Empfänger')).toBe(true);
    expect(res.body).toContain('R-00003;Kursgebühr;Mia Mitglied');
    expect(res.body).toContain(';offen;100,00;0');
    expect(res.body).not.toContain('R-00001');
    expect(res.headers['content-disposition']).toBe('attachment; filename="offene-posten.csv"');
    // In English: English column names and status, a decimal point, commas between the fields.
    const english = await req(committee, 'GET', `/api/tenants/${club}/invoices/open-items`, undefined, 'en');
    expect(english.body.startsWith('\uFEFFInvoice number,Title,Recipient,Invoice date,Due on,Status')).toBe(
      true,
    );
    expect(english.body).toContain('R-00003,Kursgebühr,Mia Mitglied');
    expect(english.body).toContain(',open,100.00,0');
    expect(english.headers['content-disposition']).toBe('attachment; filename="open-items.csv"');
  });
});

describe('fee run over a team (committee)', () => {
  it('issues an invoice to every member of the team, and refuses a team of another club (404)', async () => {
    const [team] = await ctx.db.insert(teams).values({ tenantId: club, name: 'Drachenboot' }).returning();
    await ctx.db.insert(teamMembers).values([
      { teamId: team!.id, personId: member.personId, role: 'player' },
      { teamId: team!.id, personId: admin.personId, role: 'player' },
    ]);
    const body = {
      teamId: team!.id,
      title: 'Drachenboot-Umlage',
      dueDate: '2099-03-31',
      lines: [
        {
          description: 'Umlage',
          quantity: 1,
          unitPriceCents: 2500,
          vatRatePercent: 0,
          vatExemptionReason: 'Nicht steuerbarer Mitgliedsbeitrag',
        },
      ],
    };
    const res = await req(committee, 'POST', `/api/tenants/${club}/invoices`, body);
    expect(res.statusCode, res.body).toBe(201);
    const { issued } = IssueInvoicesResultSchema.parse(res.json());
    expect(issued.map((i) => i.personId).sort()).toEqual([member.personId, admin.personId].sort());

    const [foreign] = await ctx.db
      .insert(teams)
      .values({ tenantId: otherClub, name: 'Fremdteam' })
      .returning();
    const refused = await req(committee, 'POST', `/api/tenants/${club}/invoices`, {
      ...body,
      teamId: foreign!.id,
    });
    expect(refused.statusCode).toBe(404);
    expect((await req(member, 'POST', `/api/tenants/${club}/invoices`, body)).statusCode).toBe(403);
  });
});
