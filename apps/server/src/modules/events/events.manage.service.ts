import {
  EVENT_DOCUMENT_MAX_BYTES,
  EVENT_DOCUMENT_TYPES,
  evaluatePriceSelection,
  type AddParticipantInput,
  type EventList,
  type ManageEventData,
  type ManagedEvent,
  type ManageEventListQuery,
  type MessageParticipantsInput,
  type MoveParticipantInput,
  type Participant,
  type ParticipantList,
} from '@vereinsheim/contracts';
import type { Database, Tx } from '../../db/client.ts';
import { render, type Language } from '../../lib/i18n.ts';
import { dateTimeFormat } from '../../lib/intl.ts';
import { problem } from '../../lib/problem.ts';
import { toCsv } from '../../lib/csv.ts';
import { authorize, notVisible, type Actor, type ActorScope } from '../../policy/index.ts';
import { writeLog, writeLogs, type LogEntry } from '../activity-log/index.ts';
import { sendMessages } from '../messages/index.ts';
import { eventFileName, storeEventDocument } from './event-files.ts';
import { eventsManageRepository as manage, type EventValues } from './events.manage.repository.ts';
import {
  eventsRepository as repo,
  isActiveRegistration,
  type EventRow,
  type RegistrationRow,
} from './events.repository.ts';
import { eventsService, priceSelectionRefused, promoteWaiting, type EventsDeps } from './events.service.ts';

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
const dateOrNull = (v: string | null | undefined) => (v ? new Date(v) : null);

const eventSubject = (event: EventRow) =>
  ({ type: 'event', tenantId: event.tenantId, visibility: event.visibility }) as const;

/** The form's values as event columns; checks the dates' order (422 with the field). */
function eventValues(input: ManageEventData): EventValues {
  const start = new Date(input.start);
  const end = new Date(input.end);
  const invalid = (field: string, code: string) =>
    problem(422, `event.manage.${code}`, { errors: [{ field, message: code }] });
  if (end < start) throw invalid('end', 'endBeforeStart');
  const deadline = dateOrNull(input.registrationDeadline);
  if (deadline && deadline > end) throw invalid('registrationDeadline', 'deadlineAfterEnd');
  const opens = dateOrNull(input.registrationStart);
  if (opens && opens > end) throw invalid('registrationStart', 'registrationStartAfterEnd');
  if (opens && deadline && opens > deadline)
    throw invalid('registrationStart', 'registrationStartAfterDeadline');
  const free = dateOrNull(input.freeCancellationDeadline);
  if (free && free > end) throw invalid('freeCancellationDeadline', 'deadlineAfterEnd');
  const prices = input.priceOptions;
  const groups = new Set(prices.filter((p) => p.kind === 'price').map((p) => p.currency));
  if (groups.size > 1) throw invalid('priceOptions', 'mixedCurrencies');
  const p = input.place;
  return {
    name: input.name,
    description: input.description ?? null,
    startsAt: start,
    endsAt: end,
    placeName: p.name ?? null,
    street: p.street ?? null,
    streetNumber: p.streetNumber ?? null,
    zip: p.zip ?? null,
    city: p.city ?? null,
    country: p.country ?? null,
    countryCode: p.countryCode ?? null,
    organiser: input.organiser ?? null,
    registrationOpen: input.registrationOpen,
    registrationStartsAt: opens,
    registrationDeadline: deadline,
    freeCancellationDeadline: free,
    maxParticipants: input.maxParticipants,
    maxWaiting: input.maxWaiting,
    requiresApproval: input.requiresApproval,
    showParticipants: input.showParticipants,
    visibility: input.visibility,
  };
}

const uniq = <T>(xs: T[]) => [...new Set(xs)];

export function eventsManageService(deps: EventsDeps) {
  const { db } = deps;
  const events = eventsService(deps);

  /** The event of the club as the policy lets the actor act on it: 404 unless seen, 403 without the role. */
  async function managed(
    tx: Database | Tx,
    actor: Actor,
    action: 'event.edit' | 'event.participants.manage',
    tenantId: string,
    eventId: string,
    lock = false,
  ): Promise<{ event: EventRow; scope: ActorScope }> {
    const scope = await actor.scope();
    const event = await manage.findOfClub(tx, scope, tenantId, eventId, lock);
    if (!event) throw notVisible('event');
    await authorize(actor, action, eventSubject(event));
    return { event, scope };
  }

  /** Writes the event's parts (catalogue, prices, contacts) from the form. */
  async function writeParts(tx: Tx, event: EventRow, input: ManageEventData): Promise<void> {
    await manage.setCatalogue(tx, event.id, uniq(input.disciplineIds), uniq(input.divisionIds));
    const existing = await manage.priceOptions(tx, event.id);
    const unknown = input.priceOptions.find((o) => o.id && !existing.some((e) => e.id === o.id));
    if (unknown)
      throw problem(422, 'event.manage.unknownPriceOption', {
        errors: [{ field: 'priceOptions', message: 'unknown id' }],
      });
    const removed = existing.filter((e) => !input.priceOptions.some((o) => o.id === e.id)).map((e) => e.id);
    if ((await manage.optionsInUse(tx, event.id, removed)).length)
      throw problem(409, 'event.manage.priceOptionInUse');
    if (input.priceOptions.length || existing.length) {
      const contractId = await manage.contractId(tx, event.tenantId, event.id);
      await manage.putPriceOptions(
        tx,
        contractId,
        input.priceOptions.map((o) => ({
          ...(o.id ? { id: o.id } : {}),
          name: o.name,
          description: o.description ?? null,
          kind: o.kind,
          amount: o.amount,
          currency: o.currency,
          required: o.required,
          group: o.group ?? null,
        })),
      );
    }
    await manage.putContactPersons(
      tx,
      event.tenantId,
      event.id,
      input.contactPersons.map((c) => ({
        name: c.name,
        role: c.role ?? null,
        email: c.email ?? null,
        phone: c.phone ?? null,
      })),
    );
  }

  async function logEvent(
    tx: Tx,
    actor: Actor,
    event: EventRow,
    action: 'created' | 'updated' | 'deleted',
    key: string,
  ) {
    await writeLog(tx, {
      personId: actor.personId,
      actorPersonId: actor.personId,
      action,
      entityKind: 'event',
      entityId: event.id,
      tenantId: event.tenantId,
      summary: { key: `log.event.${key}`, params: { event: event.name } },
    });
  }

  /** A registration change the organiser made: a history row with the reason and a log row for the person. */
  type RegistrationChange = 'approved' | 'moved' | 'added' | 'cancelledByClub';

  /** The registration's history row and the person's log entry for a change by the club. */
  const historyOf = (actor: Actor, reg: RegistrationRow, key: RegistrationChange, reason: string | null) => ({
    registrationId: reg.id,
    status: reg.status,
    reason: key,
    note: reason,
    actorPersonId: actor.personId,
  });
  const logOf = (
    actor: Actor,
    event: EventRow,
    reg: RegistrationRow,
    key: RegistrationChange,
    reason: string | null,
  ): LogEntry => ({
    personId: reg.personId,
    actorPersonId: actor.personId,
    action: key === 'added' ? 'created' : 'updated',
    entityKind: 'registration',
    entityId: reg.id,
    tenantId: event.tenantId,
    summary: {
      key: `log.registration.${key}`,
      params: { event: event.name, status: { key: `log.value.registration.status.${reg.status}` } },
    },
    changes: reason ? [{ field: 'reason', old: null, new: reason }] : [],
  });

  async function logRegistration(
    tx: Tx,
    actor: Actor,
    event: EventRow,
    reg: RegistrationRow,
    key: RegistrationChange,
    reason: string | null,
  ) {
    await repo.addHistory(tx, historyOf(actor, reg, key, reason));
    await writeLog(tx, logOf(actor, event, reg, key, reason));
  }

  async function toManaged(event: EventRow): Promise<ManagedEvent> {
    const [catalogue, prices, contacts, documents, counts] = await Promise.all([
      manage.catalogueIds(db, event.id),
      manage.priceOptions(db, event.id),
      manage.contactPersons(db, event.id),
      manage.documents(db, event.id),
      repo.counts(db, { personId: '', tenantIds: [event.tenantId] }, event.id),
    ]);
    return {
      id: event.id,
      tenantId: event.tenantId,
      name: event.name,
      description: event.description,
      start: iso(event.startsAt),
      end: iso(event.endsAt),
      place: {
        name: event.placeName,
        street: event.street,
        streetNumber: event.streetNumber,
        zip: event.zip,
        city: event.city,
        country: event.country,
        countryCode: event.countryCode,
      },
      organiser: event.organiser,
      ...catalogue,
      visibility: event.visibility,
      registrationOpen: event.registrationOpen,
      registrationStart: isoOrNull(event.registrationStartsAt),
      registrationDeadline: isoOrNull(event.registrationDeadline),
      freeCancellationDeadline: isoOrNull(event.freeCancellationDeadline),
      maxParticipants: event.maxParticipants,
      maxWaiting: event.maxWaiting,
      requiresApproval: event.requiresApproval,
      showParticipants: event.showParticipants,
      cancelled: event.cancelled,
      participantCount: counts.places,
      waitingCount: counts.waiting,
      priceOptions: prices.map((o) => ({
        id: o.id,
        name: o.name,
        description: o.description,
        kind: o.kind,
        amount: Number(o.amount),
        currency: o.currency,
        required: o.required,
        group: o.group,
      })),
      contactPersons: contacts.map(({ name, role, email, phone }) => ({ name, role, email, phone })),
      documents: documents.map(({ id, fileName, contentType, size }) => ({
        id,
        fileName,
        contentType,
        size,
      })),
    };
  }

  async function participantRows(event: EventRow): Promise<Participant[]> {
    const [rows, options] = await Promise.all([
      manage.participants(db, event.id),
      manage.priceOptions(db, event.id),
    ]);
    let waiting = 0;
    return rows.map(({ registration: r, firstName, lastName }) => {
      const chosen = options.filter((o) => r.priceOptionIds.includes(o.id));
      return {
        registrationId: r.id,
        personId: r.personId,
        firstName,
        lastName,
        status: r.status,
        options: chosen.map((o) => ({ id: o.id, name: o.name, amount: Number(o.amount) })),
        amount: Math.round(chosen.reduce((sum, o) => sum + Number(o.amount) * 100, 0)) / 100,
        currency: chosen[0]?.currency ?? 'EUR',
        registeredAt: iso(r.registeredAt),
        waitingPosition: r.status === 'waiting' ? ++waiting : null,
      };
    });
  }

  return {
    async list(actor: Actor, tenantId: string, query: ManageEventListQuery): Promise<EventList> {
      await authorize(actor, 'club.event.manage', { type: 'club', tenantId });
      return events.list(actor, {
        ...query,
        tenantIds: [tenantId],
        orderbytype: query.orderbytype ?? 'descending',
      });
    },

    async get(actor: Actor, tenantId: string, eventId: string): Promise<ManagedEvent> {
      const { event } = await managed(db, actor, 'event.edit', tenantId, eventId);
      return toManaged(event);
    },

    async create(actor: Actor, tenantId: string, input: ManageEventData): Promise<ManagedEvent> {
      await authorize(actor, 'club.event.manage', { type: 'club', tenantId });
      const values = eventValues(input);
      const event = await db.transaction(async (tx) => {
        const row = await manage.insertEvent(tx, { ...values, tenantId, creatorId: actor.personId });
        await writeParts(tx, row, input);
        await logEvent(tx, actor, row, 'created', 'created');
        return row;
      });
      return toManaged(event);
    },

    /** Edits the whole event; more places move waiting persons up in the same transaction. */
    async update(actor: Actor, tenantId: string, eventId: string, input: ManageEventData) {
      await actor.scope();
      const values = eventValues(input);
      const event = await db.transaction(async (tx) => {
        const { event: before, scope } = await managed(tx, actor, 'event.edit', tenantId, eventId, true);
        if (before.cancelled) throw problem(409, 'event.manage.cancelled');
        const row = await manage.updateEvent(tx, before.id, values);
        await writeParts(tx, row, input);
        await promoteWaiting(tx, scope, row);
        await logEvent(tx, actor, row, 'updated', 'updated');
        return row;
      });
      return toManaged(event);
    },

    /** A new event with the original's fields, prices, contacts and catalogue; no registrations, no files. */
    async copy(
      actor: Actor,
      tenantId: string,
      eventId: string,
      input: { name?: string; start?: string; end?: string },
    ) {
      const { event: original } = await managed(db, actor, 'event.edit', tenantId, eventId);
      const current = await toManaged(original);
      const duration = original.endsAt.getTime() - original.startsAt.getTime();
      const start = input.start ?? current.start;
      const end =
        input.end ?? (input.start ? iso(new Date(Date.parse(input.start) + duration)) : current.end);
      // A copy for a new date moves its registration window and cancellation deadline along with the start.
      const shift = input.start ? Date.parse(input.start) - original.startsAt.getTime() : 0;
      const moved = (at: string | null) => (at && shift ? iso(new Date(Date.parse(at) + shift)) : at);
      const data: ManageEventData = {
        ...current,
        name: input.name ?? current.name,
        start,
        end,
        registrationStart: moved(current.registrationStart),
        registrationDeadline: moved(current.registrationDeadline),
        freeCancellationDeadline: moved(current.freeCancellationDeadline),
        priceOptions: current.priceOptions.map(({ id: _id, ...o }) => o),
      };
      const values = eventValues(data);
      const copy = await db.transaction(async (tx) => {
        const row = await manage.insertEvent(tx, { ...values, tenantId, creatorId: actor.personId });
        await writeParts(tx, row, data);
        await logEvent(tx, actor, row, 'created', 'copied');
        return row;
      });
      return toManaged(copy);
    },

    /** Cancels the event and every registration, telling each registered person (message and push). */
    async cancel(actor: Actor, tenantId: string, eventId: string): Promise<ManagedEvent> {
      await actor.scope();
      const event = await db.transaction(async (tx) => {
        const { event: before, scope } = await managed(tx, actor, 'event.edit', tenantId, eventId, true);
        if (before.cancelled) throw problem(409, 'event.manage.cancelled');
        const row = await manage.updateEvent(tx, before.id, { cancelled: true });
        const regs = await manage.activeRegistrations(tx, row.id);
        // Every registration in one statement, their history rows and log entries in one each.
        const cancelled = await repo.cancelRegistrations(
          tx,
          scope,
          row.id,
          regs.map((reg) => reg.id),
          new Date(),
        );
        await repo.addHistories(
          tx,
          cancelled.map((reg) => historyOf(actor, reg, 'cancelledByClub', null)),
        );
        await writeLogs(
          tx,
          cancelled.map((reg) => logOf(actor, row, reg, 'cancelledByClub', null)),
        );
        await sendMessages(
          tx,
          regs.map((reg) => ({
            personId: reg.personId,
            tenantId: row.tenantId,
            kind: 'event_cancelled' as const,
            text: { key: 'eventCancelled' as const, params: { event: row.name } },
            link: `/events/${row.id}`,
          })),
        );
        await logEvent(tx, actor, row, 'updated', 'cancelled');
        return row;
      });
      return toManaged(event);
    },

    async addDocument(
      actor: Actor,
      tenantId: string,
      eventId: string,
      file: { fileName: string; contentType: string; bytes: Buffer },
    ) {
      const { event } = await managed(db, actor, 'event.edit', tenantId, eventId);
      if (file.bytes.byteLength > EVENT_DOCUMENT_MAX_BYTES)
        throw problem(413, 'event.manage.documentTooLarge');
      const type = sniff(file.bytes);
      if (!type || !(EVENT_DOCUMENT_TYPES as readonly string[]).includes(type))
        throw problem(415, 'event.manage.documentType', {
          errors: [{ field: 'file', message: 'expected a PDF, JPEG, PNG or WebP file' }],
        });
      await db.transaction(async (tx) => {
        await storeEventDocument(tx, deps.files, {
          tenantId: event.tenantId,
          eventId: event.id,
          fileName: file.fileName,
          contentType: type,
          bytes: file.bytes,
        });
        await logEvent(tx, actor, event, 'updated', 'documentAdded');
      });
      return toManaged(event);
    },

    async deleteDocument(actor: Actor, tenantId: string, eventId: string, documentId: string) {
      const { event } = await managed(db, actor, 'event.edit', tenantId, eventId);
      // The file goes with its row, in one transaction (the file store is PostgreSQL by default, ADR 0015).
      await db.transaction(async (tx) => {
        const row = await manage.deleteDocument(tx, event.id, documentId);
        if (!row) throw notVisible('document');
        await deps.files.delete(eventFileName(event.id, row.storageKey), tx);
        await logEvent(tx, actor, event, 'updated', 'documentRemoved');
      });
      return toManaged(event);
    },

    // ---------------------------------------------------------------- participants

    async participants(actor: Actor, tenantId: string, eventId: string): Promise<ParticipantList> {
      const { event } = await managed(db, actor, 'event.participants.manage', tenantId, eventId);
      return { items: await participantRows(event) };
    },

    async approve(actor: Actor, tenantId: string, eventId: string, registrationId: string) {
      await actor.scope();
      return db.transaction(async (tx) => {
        const { event, scope } = await managed(
          tx,
          actor,
          'event.participants.manage',
          tenantId,
          eventId,
          true,
        );
        const reg = await manage.registrationById(tx, event.id, registrationId);
        if (!reg) throw notVisible('registration');
        if (reg.status !== 'requested') throw problem(409, 'event.manage.notRequested');
        const updated = (await repo.setStatus(tx, scope, reg, 'participating'))!;
        await logRegistration(tx, actor, event, updated, 'approved', null);
        return { registrationId: updated.id, status: updated.status };
      });
    },

    /** Moves a person between the waiting list and the participants, with the organiser's reason. */
    async move(
      actor: Actor,
      tenantId: string,
      eventId: string,
      registrationId: string,
      input: MoveParticipantInput,
    ) {
      await actor.scope();
      return db.transaction(async (tx) => {
        const { event, scope } = await managed(
          tx,
          actor,
          'event.participants.manage',
          tenantId,
          eventId,
          true,
        );
        const reg = await manage.registrationById(tx, event.id, registrationId);
        if (!reg) throw notVisible('registration');
        let updated: RegistrationRow;
        if (input.to === 'participating') {
          if (reg.status !== 'waiting') throw problem(409, 'event.manage.notWaiting');
          const { places } = await repo.counts(tx, scope, event.id);
          if (event.maxParticipants !== null && places >= event.maxParticipants)
            throw problem(409, 'event.manage.noPlaceLeft');
          updated = (await repo.setStatus(tx, scope, reg, 'participating'))!;
        } else {
          if (reg.status !== 'participating' && reg.status !== 'requested')
            throw problem(409, 'event.manage.notParticipating');
          updated = await manage.toWaitingEnd(tx, reg.id);
        }
        await logRegistration(tx, actor, event, updated, 'moved', input.reason);
        return { registrationId: updated.id, status: updated.status };
      });
    },

    /** Registers a member of the club by hand: a place if one is free, else a waiting place. */
    async add(actor: Actor, tenantId: string, eventId: string, input: AddParticipantInput) {
      await actor.scope();
      return db.transaction(async (tx) => {
        const { event, scope } = await managed(
          tx,
          actor,
          'event.participants.manage',
          tenantId,
          eventId,
          true,
        );
        if (event.cancelled) throw problem(422, 'event.cancelled');
        if (!(await manage.isActiveMember(tx, event.tenantId, input.personId))) throw notVisible('person');
        const existing = await repo.registration(tx, scope, event.id, input.personId);
        if (isActiveRegistration(existing?.status)) throw problem(409, 'event.manage.alreadyRegistered');
        const options = await manage.priceOptions(tx, event.id);
        const selected = uniq(input.priceOptionIds ?? []);
        const state = evaluatePriceSelection(options, selected);
        if (state !== 'complete' && state !== 'noPrices') throw priceSelectionRefused(state);
        const { places, waiting } = await repo.counts(tx, scope, event.id);
        const placeFree = event.maxParticipants === null || places < event.maxParticipants;
        const waitingFree = waiting < event.maxWaiting;
        let status: RegistrationRow['status'];
        if (input.status === 'participating' && !placeFree) throw problem(409, 'event.manage.noPlaceLeft');
        else if (input.status === 'waiting' && !waitingFree) throw problem(409, 'event.manage.waitingFull');
        else if (input.status) status = input.status;
        else if (placeFree) status = 'participating';
        else if (waitingFree) status = 'waiting';
        else throw problem(409, 'event.full');
        const reg = await repo.upsertRegistration(tx, {
          tenantId: event.tenantId,
          eventId: event.id,
          personId: input.personId,
          status,
          priceOptionIds: selected,
        });
        await logRegistration(tx, actor, event, reg, 'added', input.reason ?? null);
        return { registrationId: reg.id, status: reg.status };
      });
    },

    async message(actor: Actor, tenantId: string, eventId: string, input: MessageParticipantsInput) {
      const { event } = await managed(db, actor, 'event.participants.manage', tenantId, eventId);
      return db.transaction(async (tx) => {
        const regs = await manage.activeRegistrations(
          tx,
          event.id,
          input.audience === 'waiting' ? ['waiting'] : ['participating', 'requested'],
        );
        const ids = await sendMessages(
          tx,
          regs.map((r) => ({
            personId: r.personId,
            tenantId: event.tenantId,
            kind: 'club' as const,
            title: input.title,
            body: input.body,
            link: `/events/${event.id}`,
          })),
        );
        await logEvent(
          tx,
          actor,
          event,
          'updated',
          input.audience === 'waiting' ? 'messagedWaiting' : 'messaged',
        );
        return { recipients: ids.length };
      });
    },

    /** The participant list as CSV (UTF-8 with BOM, `;`-separated for Excel) or XLSX, column names in `lng`. */
    async export(actor: Actor, tenantId: string, eventId: string, format: 'csv' | 'xlsx', lng: Language) {
      const { event } = await managed(db, actor, 'event.participants.manage', tenantId, eventId);
      const rows = await participantRows(event);
      const columns = [
        'lastName',
        'firstName',
        'status',
        'options',
        'amount',
        'registeredAt',
        'waitingPosition',
      ];
      const header = columns.map((c) => render(lng, { key: `export.participants.${c}` }));
      const dateTime = dateTimeFormat(lng === 'de' ? 'de-DE' : 'en-GB', {
        dateStyle: 'short',
        timeStyle: 'short',
        timeZone: 'Europe/Berlin',
      });
      const values = rows.map((r) => [
        r.lastName,
        r.firstName,
        render(lng, { key: `log.value.registration.status.${r.status}` }),
        r.options.map((o) => o.name).join(', '),
        r.amount,
        dateTime.format(new Date(r.registeredAt)),
        r.waitingPosition ?? '',
      ]);
      const slug =
        event.name
          .replace(/[^A-Za-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .slice(0, 60) || 'event';
      const base = `${render(lng, { key: 'export.participants.file' })}-${slug}`;
      if (format === 'csv') {
        // The amount with the language's decimal separator, as a spreadsheet of that language reads it.
        const amount = (v: number) => v.toFixed(2).replace('.', lng === 'de' ? ',' : '.');
        const csv = toCsv(
          lng,
          header,
          values.map((line) => line.map((v, i) => (i === 4 && typeof v === 'number' ? amount(v) : v))),
        );
        return {
          fileName: `${base}.csv`,
          contentType: 'text/csv; charset=utf-8',
          bytes: Buffer.from(csv, 'utf8'),
        };
      }
      const bytes = await deps.documents.xlsx({
        name: render(lng, { key: 'export.participants.sheet' }),
        header,
        rows: values,
        numberFormats: { 5: '#,##0.00' },
        columnWidth: 20,
      });
      return {
        fileName: `${base}.xlsx`,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        bytes,
      };
    },
  };
}

/** The file's real type from its first bytes (the sent content type is not trusted). */
function sniff(bytes: Buffer): string | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

export type EventsManageService = ReturnType<typeof eventsManageService>;
