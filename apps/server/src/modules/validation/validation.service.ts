import { randomBytes } from 'node:crypto';
import {
  VALIDATION_SECTIONS,
  type Apply,
  type CreateInvitation,
  type DecideSection,
  type Invitation,
  type InvitationList,
  type JoinableClub,
  type JoinableClubList,
  type MyValidationCase,
  type MyValidationCaseList,
  type OpenCase,
  type ValidationCase,
  type ValidationCaseList,
  type ValidationCaseSummary,
  type ValidationQuery,
  type ValidationReason,
  type ValidationSection,
  type ValidationState,
  type VersionBody,
} from '@vereinsheim/contracts';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import type { TextParams } from '../../lib/i18n.ts';
import { pagedList, pageWindow } from '../../lib/paging.ts';
import { problem } from '../../lib/problem.ts';
import { authorize, decide, notVisible, type Actor, type ActorScope } from '../../policy/index.ts';
import { writeLog } from '../activity-log/index.ts';
import { sendMessage, type MessageTextKey } from '../messages/index.ts';
import {
  validationRepository as repo,
  type CaseRow,
  type CaseView,
  type DecisionRow,
  type InvitationRow,
} from './validation.repository.ts';

const conflict = (code: string) => problem(409, `validation.${code}`);
const reasonText = (reason: ValidationReason) => ({ key: `log.validation.reason.${reason}` });
const sectionText = (section: ValidationSection) => ({ key: `log.validation.section.${section}` });

/** The clubs where the actor reviews cases (reviewer or admin there). */
function reviewClubs(scope: ActorScope): string[] {
  return scope.tenantIds.filter(
    (tenantId) =>
      decide(scope, 'validation.case.review', { type: 'validationCase', tenantId, personId: '' }) ===
      'allowed',
  );
}

function summary(row: CaseView, decisions: DecisionRow[]): ValidationCaseSummary {
  const mine = decisions.filter((d) => d.caseId === row.id);
  return {
    id: row.id,
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    personId: row.personId,
    personName: row.personName,
    reason: row.reason,
    state: row.state,
    version: row.version,
    decidedSections: mine.length,
    correctionSections: mine.filter((d) => d.decision === 'correction').map((d) => d.section),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const decisionsOf = (caseId: string, decisions: DecisionRow[]) =>
  decisions
    .filter((d) => d.caseId === caseId)
    .map((d) => ({
      section: d.section,
      decision: d.decision,
      comment: d.comment,
      decidedAt: d.decidedAt.toISOString(),
    }));

function invitationOf(row: InvitationRow): Invitation {
  return {
    id: row.id,
    tenantId: row.tenantId,
    token: row.token,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * One transition of a case: a log entry for the person and (if someone else acted) for the actor, and a
 * message (with push) to the person, all in the caller's transaction.
 */
async function record(
  tx: Tx,
  c: Pick<CaseRow, 'id' | 'personId' | 'tenantId'>,
  actorPersonId: string,
  what: {
    log: string;
    params: TextParams;
    message: MessageTextKey | null;
    action?: 'created' | 'updated' | 'approved';
  },
) {
  const base = {
    actorPersonId,
    action: what.action ?? 'updated',
    entityKind: 'validationCase',
    entityId: c.id,
    tenantId: c.tenantId,
  } as const;
  await writeLog(tx, {
    ...base,
    personId: c.personId,
    summary: { key: `log.validation.${what.log}`, params: what.params },
  });
  if (actorPersonId !== c.personId)
    await writeLog(tx, {
      ...base,
      personId: actorPersonId,
      summary: { key: `log.validation.reviewer.${what.log}`, params: what.params },
    });
  if (what.message)
    await sendMessage(tx, {
      personId: c.personId,
      tenantId: c.tenantId,
      kind: 'validation',
      link: '/clubs/join',
      text: { key: what.message, params: what.params },
    });
}

async function reviewable(db: DbOrTx, actor: Actor, id: string): Promise<CaseView> {
  const c = await repo.findCase(db, id);
  if (!c) throw notVisible('validationCase');
  await authorize(actor, 'validation.case.review', {
    type: 'validationCase',
    tenantId: c.tenantId,
    personId: c.personId,
  });
  return c;
}

async function own(db: DbOrTx, actor: Actor, id: string): Promise<CaseView> {
  const c = await repo.findCase(db, id);
  if (!c) throw notVisible('validationCase');
  await authorize(actor, 'own.write', { type: 'owned', what: 'validationCase', personId: c.personId });
  return c;
}

export const validationService = {
  /** GET /me/profilevalidation: the cases of the clubs the actor reviews, newest first. */
  async queue(db: Database, actor: Actor, query: ValidationQuery): Promise<ValidationCaseList> {
    const clubs = reviewClubs(await actor.scope());
    const tenantIds = query.tenantId ? clubs.filter((t) => query.tenantId!.includes(t)) : clubs;
    const window = pageWindow(query);
    const order = query.orderbytype ?? 'descending';
    const { rows, total, counts } = await repo.listForClubs(db, {
      tenantIds,
      state: query.state,
      limit: window.limit,
      offset: window.offset,
      order,
    });
    const decisions = await repo.decisions(
      db,
      rows.map((r) => r.id),
    );
    return {
      ...pagedList(
        rows.map((r) => summary(r, decisions)),
        total,
        window,
        order,
      ),
      counts,
    };
  },

  async get(db: Database, actor: Actor, id: string): Promise<ValidationCase> {
    const c = await reviewable(db, actor, id);
    const decisions = await repo.decisions(db, [c.id]);
    const data = await repo.personData(db, c.personId, c.tenantId, c.reason === 'application');
    const roles = await repo.activeRoles(db, c.personId, c.tenantId);
    return {
      ...summary(c, decisions),
      decisions: decisionsOf(c.id, decisions),
      data: {
        profile: data.person,
        address: data.address,
        mail: data.mail,
        phone: data.phone,
        bank: data.bank,
        confectioninformation: data.confection,
        miscellaneous: data.miscellaneous,
        agb: {
          termsVersion: c.termsVersion,
          termsText: c.termsText,
          acceptedAt: c.termsAcceptedAt?.toISOString() ?? null,
        },
        clubs: {
          roles,
          requestedRoles: c.reason === 'application' ? c.requestedRoles : [],
          message: c.message,
        },
      },
    };
  },

  /** A reviewer decides one section; the first decision moves the case into review. */
  async decide(
    db: Database,
    actor: Actor,
    id: string,
    section: ValidationSection,
    body: DecideSection,
  ): Promise<ValidationCase> {
    await actor.scope();
    await db.transaction(async (tx) => {
      const c = await reviewable(tx, actor, id);
      if (c.state === 'approved') throw conflict('closed');
      if (c.state === 'corrections_requested') throw conflict('awaitingResubmission');
      if (body.decision === 'correction' && !body.comment)
        throw problem(422, 'validation.commentRequired', {
          errors: [{ field: 'comment', message: 'required for a correction' }],
        });
      const next = await repo.advance(tx, id, body.version, { state: 'in_review' });
      if (!next) throw conflict('versionConflict');
      await repo.upsertDecision(tx, {
        caseId: id,
        section,
        decision: body.decision,
        comment: body.comment ?? null,
        reviewerPersonId: actor.personId,
      });
      const params = {
        club: c.tenantName,
        person: c.personName,
        section: sectionText(section),
        decision: { key: `log.validation.decision.${body.decision}` },
      };
      await record(tx, c, actor.personId, {
        log: 'decided',
        params,
        message: c.state === 'in_review' ? null : 'validationInReview',
      });
    });
    return this.get(db, actor, id);
  },

  /** Closes the review: all sections approved → approved (membership active); any correction → back to the person. */
  async close(db: Database, actor: Actor, id: string, body: VersionBody): Promise<ValidationCase> {
    await actor.scope();
    await db.transaction(async (tx) => {
      const c = await reviewable(tx, actor, id);
      if (c.state === 'approved') throw conflict('closed');
      if (c.state !== 'in_review') throw conflict('notInReview');
      const decisions = await repo.decisions(tx, [id]);
      const undecided = VALIDATION_SECTIONS.filter((s) => !decisions.some((d) => d.section === s));
      if (undecided.length)
        throw problem(409, 'validation.sectionsUndecided', { params: { sections: undecided.join(', ') } });
      const corrections = decisions.filter((d) => d.decision === 'correction');
      const state: ValidationState = corrections.length ? 'corrections_requested' : 'approved';
      const next = await repo.advance(tx, id, body.version, {
        state,
        ...(state === 'approved' ? { closedBy: actor.personId, closedAt: new Date() } : {}),
      });
      if (!next) throw conflict('versionConflict');
      if (state === 'approved' && c.reason === 'application')
        await repo.activateMembership(tx, c.personId, c.tenantId, c.requestedRoles);
      const params = {
        club: c.tenantName,
        person: c.personName,
        reason: reasonText(c.reason),
        sections: corrections.length,
      };
      await record(tx, c, actor.personId, {
        log: state === 'approved' ? 'approved' : 'corrections',
        params,
        message:
          state === 'approved'
            ? c.reason === 'application'
              ? 'validationJoined'
              : 'validationApproved'
            : 'validationCorrections',
        action: state === 'approved' ? 'approved' : 'updated',
      });
    });
    return this.get(db, actor, id);
  },

  /**
   * The person changed name, birthdate or birthplace (in the caller's transaction): every club of theirs that
   * reviews identity changes gets an identity-change case, unless one of the person's cases there is unfinished.
   */
  async identityChanged(tx: Tx, personId: string): Promise<void> {
    for (const tenantId of await repo.clubsReviewingIdentity(tx, personId)) {
      if (await repo.unfinishedCase(tx, personId, tenantId)) continue;
      const c = await repo.insertCase(tx, { personId, tenantId, reason: 'identityChange' });
      const club = (await repo.tenantName(tx, tenantId)) ?? '';
      await record(tx, c, personId, {
        log: 'opened',
        params: { club, reason: reasonText('identityChange') },
        message: 'validationOpened',
        action: 'created',
      });
    }
  },

  /** A reviewer or admin opens an identity-change or yearly check for a member of their club. */
  async open(db: Database, actor: Actor, tenantId: string, body: OpenCase): Promise<ValidationCaseSummary> {
    await authorize(actor, 'validation.case.open', { type: 'club', tenantId });
    const row = await db.transaction(async (tx) => {
      if (!(await repo.isMember(tx, body.personId, tenantId))) throw notVisible('person');
      if (await repo.unfinishedCase(tx, body.personId, tenantId)) throw conflict('alreadyOpen');
      const c = await repo.insertCase(tx, { personId: body.personId, tenantId, reason: body.reason });
      const club = (await repo.tenantName(tx, tenantId)) ?? '';
      await record(tx, c, actor.personId, {
        log: 'opened',
        params: { club, reason: reasonText(body.reason) },
        message: 'validationOpened',
        action: 'created',
      });
      return c;
    });
    const view = (await repo.findCase(db, row.id))!;
    return summary(view, []);
  },

  // ---------------------------------------------------------------- the person's side

  async mine(db: Database, actor: Actor): Promise<MyValidationCaseList> {
    const rows = await repo.listForPerson(db, actor.personId);
    const decisions = await repo.decisions(
      db,
      rows.map((r) => r.id),
    );
    return {
      items: rows.map((r) => ({ ...summary(r, decisions), decisions: decisionsOf(r.id, decisions) })),
    };
  },

  async myCase(db: Database, actor: Actor, id: string): Promise<MyValidationCase> {
    const c = await own(db, actor, id);
    const decisions = await repo.decisions(db, [id]);
    return { ...summary(c, decisions), decisions: decisionsOf(id, decisions) };
  },

  /** The person has corrected their data and hands the case back. */
  async resubmit(db: Database, actor: Actor, id: string, body: VersionBody): Promise<MyValidationCase> {
    await db.transaction(async (tx) => {
      const c = await own(tx, actor, id);
      if (c.state !== 'corrections_requested') throw conflict('notAwaitingCorrection');
      const next = await repo.advance(tx, id, body.version, { state: 'resubmitted' });
      if (!next) throw conflict('versionConflict');
      await repo.clearCorrections(tx, id);
      await record(tx, c, actor.personId, {
        log: 'resubmitted',
        params: { club: c.tenantName, person: c.personName },
        message: 'validationResubmitted',
      });
    });
    return this.myCase(db, actor, id);
  },

  /** Clubs taking applications, by name (the actor's own clubs left out). */
  async joinable(db: Database, actor: Actor, keyword: string | undefined): Promise<JoinableClubList> {
    const mine = (await actor.scope()).tenantIds;
    return { items: (await repo.joinableClubs(db, keyword)).filter((c) => !mine.includes(c.tenantId)) };
  },

  /** What an invitation link leads to: the club and its terms; revoked or unknown → 404. */
  async invitation(db: Database, token: string): Promise<JoinableClub> {
    const row = await repo.invitationByToken(db, token);
    if (!row) throw notVisible('invitation');
    return {
      tenantId: row.invitation.tenantId,
      name: row.name,
      termsVersion: row.termsVersion ?? '1',
      termsText: row.termsText ?? '',
    };
  },

  /** A person applies to join a club: opens an application case with the accepted terms. */
  async apply(db: Database, actor: Actor, body: Apply): Promise<MyValidationCase> {
    let tenantId: string;
    let invitationId: string | null = null;
    let terms: { version: string; text: string };
    if (body.invitationToken) {
      const inv = await repo.invitationByToken(db, body.invitationToken);
      if (!inv) throw notVisible('invitation');
      tenantId = inv.invitation.tenantId;
      invitationId = inv.invitation.id;
      terms = { version: inv.termsVersion ?? '1', text: inv.termsText ?? '' };
    } else {
      const settings = await repo.settings(db, body.tenantId!);
      if (!settings?.acceptsApplications) throw notVisible('club');
      tenantId = body.tenantId!;
      terms = { version: settings.termsVersion, text: settings.termsText };
    }
    if (body.termsVersion !== terms.version)
      throw problem(422, 'validation.termsOutdated', {
        errors: [{ field: 'termsVersion', message: 'not the current terms' }],
      });
    const id = await db.transaction(async (tx) => {
      if ((await repo.activeRoles(tx, actor.personId, tenantId)).length) throw conflict('alreadyMember');
      if (await repo.unfinishedCase(tx, actor.personId, tenantId)) throw conflict('alreadyOpen');
      const c = await repo.insertCase(tx, {
        personId: actor.personId,
        tenantId,
        reason: 'application',
        message: body.message ?? null,
        termsVersion: terms.version,
        termsText: terms.text,
        termsAcceptedAt: new Date(),
        invitationId,
      });
      const club = (await repo.tenantName(tx, tenantId)) ?? '';
      await record(tx, c, actor.personId, {
        log: 'applied',
        params: { club, version: terms.version },
        message: 'validationApplied',
        action: 'created',
      });
      return c.id;
    });
    return this.myCase(db, actor, id);
  },

  // ---------------------------------------------------------------- invitation links

  async invitations(db: Database, actor: Actor, tenantId: string): Promise<InvitationList> {
    await authorize(actor, 'club.invitation.manage', { type: 'club', tenantId });
    return { items: (await repo.invitations(db, tenantId)).map(invitationOf) };
  },

  async createInvitation(
    db: Database,
    actor: Actor,
    tenantId: string,
    body: CreateInvitation,
  ): Promise<Invitation> {
    await authorize(actor, 'club.invitation.manage', { type: 'club', tenantId });
    const token = randomBytes(18).toString('base64url');
    return invitationOf(
      await repo.insertInvitation(db, {
        tenantId,
        token,
        label: body.label ?? null,
        createdBy: actor.personId,
      }),
    );
  },

  async revokeInvitation(db: Database, actor: Actor, tenantId: string, id: string): Promise<Invitation> {
    await authorize(actor, 'club.invitation.manage', { type: 'club', tenantId });
    const row = await repo.revokeInvitation(db, tenantId, id);
    if (!row) throw notVisible('invitation');
    return invitationOf(row);
  },
};
