import type { BlogScopeType, EventVisibility, MembershipRole } from '@vereinsheim/contracts';
import { rolesIn, type ActorScope } from './actor.ts';

// ------------------------------------------------------------------ subjects

/** A club, as the subject of club-wide actions (writing to all members, sharing data with it). */
export interface ClubSubject {
  type: 'club';
  tenantId: string;
}
export interface EventSubject {
  type: 'event';
  tenantId: string;
  visibility: EventVisibility;
}
/** One person's registration for an event of the club. */
export interface RegistrationSubject {
  type: 'registration';
  tenantId: string;
  personId: string;
}
/** An event's participant list (ADR 0025): who holds a place there and agreed to be named. */
export interface ParticipantListSubject {
  type: 'participantList';
  tenantId: string;
  visibility: EventVisibility;
  /** The organiser shows the list (the event's `showParticipants`). */
  shown: boolean;
  /** The actor is registered for the event (holding a place or waiting). */
  registered: boolean;
}
export interface BlogPostSubject {
  type: 'blogPost';
  tenantId: string;
  scopeType: BlogScopeType;
  teamId: string | null;
}
export interface TeamSubject {
  type: 'team';
  tenantId: string;
  teamId: string;
}
/** A person's mail address or phone number as a club sees it, through the person's sharing choices. */
export interface SharedItemSubject {
  type: 'sharedItem';
  tenantId: string;
  intern: boolean;
  extern: boolean;
}
/** What person-owned data is called in refusals (`address.notFound`, `invoice.notFound`, …). */
export type OwnedKind =
  | 'person'
  | 'address'
  | 'mail'
  | 'phone'
  | 'bankaccount'
  | 'confectioninformation'
  | 'medicalinformation'
  | 'additionalinformation'
  | 'message'
  | 'invoice'
  | 'pushSubscription'
  | 'validationCase'
  | 'chatMessage'
  | 'chatSettings';
/** Data that belongs to one person: their profile items, messages, invoices, devices, log. */
export interface OwnedSubject {
  type: 'owned';
  what: OwnedKind;
  personId: string;
}

/** A validation case: one person's data under review by one club. */
export interface ValidationCaseSubject {
  type: 'validationCase';
  tenantId: string;
  personId: string;
}

/** A chat conversation: a direct one between two persons, a team's, or a club's announcements channel. */
export interface ConversationSubject {
  type: 'conversation';
  tenantId: string;
  kind: 'direct' | 'team' | 'club';
  teamId: string | null;
  /** Direct conversations: the two persons. */
  participantIds: readonly string[];
  /** Direct conversations: one of the two has blocked the other. */
  blocked: boolean;
  /** Direct conversations: the other person (not the actor) has not turned direct messages off. */
  recipientOpen: boolean;
}
/** Another person as a chat contact in a club: whom one may start a direct conversation with or block. */
export interface ChatContactSubject {
  type: 'chatContact';
  tenantId: string;
  personId: string;
  /** The person is an active member of the club. */
  isMember: boolean;
  /** The person has not turned direct messages off (ADR 0022). */
  reachable: boolean;
  /** One of the two has blocked the other. */
  blocked: boolean;
}

export type Subject =
  | ValidationCaseSubject
  | ConversationSubject
  | ChatContactSubject
  | ClubSubject
  | EventSubject
  | RegistrationSubject
  | ParticipantListSubject
  | BlogPostSubject
  | TeamSubject
  | SharedItemSubject
  | OwnedSubject;
export type SubjectType = Subject['type'];
export type SubjectOf<T extends SubjectType> = Extract<Subject, { type: T }>;

// ------------------------------------------------------------------ rules

/** A yes/no question about the actor and a subject, with the words the policy table is documented in. */
export interface Rule<S> {
  (scope: ActorScope, subject: S): boolean;
  readonly label: string;
  /** Whether the rule reads the actor's clubs, roles or teams (else only `personId`: no scope to load). */
  readonly usesScope: boolean;
}

const rule = <S>(
  label: string,
  usesScope: boolean,
  test: (scope: ActorScope, subject: S) => boolean,
): Rule<S> => Object.assign((scope: ActorScope, subject: S) => test(scope, subject), { label, usesScope });

const anyOf = <S>(...rules: Rule<S>[]): Rule<S> =>
  rule(
    rules.map((r) => r.label).join(' or '),
    rules.some((r) => r.usesScope),
    (scope, s) => rules.some((r) => r(scope, s)),
  );

const allOf = <S>(...rules: Rule<S>[]): Rule<S> =>
  rule(
    rules.map((r) => (r.label.includes(' or ') ? `(${r.label})` : r.label)).join(' and '),
    rules.some((r) => r.usesScope),
    (scope, s) => rules.every((r) => r(scope, s)),
  );

/** Active members of the subject's club (any role). */
const clubMember = rule<{ tenantId: string }>('club member', true, (scope, s) =>
  scope.tenantIds.includes(s.tenantId),
);

/** Holders of one of these roles in the subject's club. */
const role = (...roles: MembershipRole[]) =>
  rule<{ tenantId: string }>(roles.join('/'), true, (scope, s) => {
    const held = rolesIn(scope, s.tenantId);
    return roles.some((r) => held.has(r));
  });

const owner = rule<{ personId: string }>('owner', false, (scope, s) => s.personId === scope.personId);

const publicEvent = rule<{ tenantId: string; visibility: EventVisibility }>(
  'anyone (public event)',
  false,
  (_scope, s) => s.visibility === 'public',
);

const listShown = rule<ParticipantListSubject>(
  'the event shows its participant list',
  false,
  (_scope, s) => s.shown,
);
const registeredForEvent = rule<ParticipantListSubject>(
  'registered for the event',
  false,
  (_scope, s) => s.registered,
);

const postScope = (...types: BlogScopeType[]) =>
  rule<BlogPostSubject>(`${types.join('/')} post`, false, (_scope, s) => types.includes(s.scopeType));

const teamOfPost = rule<BlogPostSubject>(
  "member of the post's team",
  true,
  (scope, s) => s.teamId !== null && scope.teamIds.includes(s.teamId),
);

const sharedWithClub = rule<SharedItemSubject>(
  'shared intern or extern',
  false,
  (_scope, s) => s.intern || s.extern,
);

const conversationParticipant = rule<ConversationSubject>(
  'participant (direct: one of the two; team: team member; club: club member)',
  true,
  (scope, s) =>
    scope.tenantIds.includes(s.tenantId) &&
    (s.kind === 'direct'
      ? s.participantIds.includes(scope.personId)
      : s.kind === 'team'
        ? s.teamId !== null && scope.teamIds.includes(s.teamId)
        : true),
);
const notClubChannel = rule<ConversationSubject>(
  'not the club channel',
  false,
  (_scope, s) => s.kind !== 'club',
);
const recipientOpen = rule<ConversationSubject>(
  'recipient allows direct messages',
  false,
  (_scope, s) => s.kind !== 'direct' || s.recipientOpen,
);
const notBlocked = rule<{ blocked: boolean }>('not blocked', false, (_scope, s) => !s.blocked);
const contactInClub = rule<ChatContactSubject>(
  'club member, contact another member of the club',
  true,
  (scope, s) => scope.tenantIds.includes(s.tenantId) && s.isMember && s.personId !== scope.personId,
);
const contactReachable = rule<ChatContactSubject>(
  'contact allows direct messages',
  false,
  (_scope, s) => s.reachable,
);

/** Who writes a club's news and reads all its team posts. */
const newsEditors = role('committee', 'organiser', 'admin');

/** Who creates, edits and cancels a club's events and manages their participants. */
const eventOrganisers = role('organiser', 'committee', 'admin');

// ------------------------------------------------------------------ the table

export interface PolicyEntry<T extends SubjectType = SubjectType> {
  subject: T;
  /** Who may know that the subject exists; anyone else is answered 404. */
  see: Rule<SubjectOf<T>>;
  /** Who of those may do the action; the others are answered 403. Omitted: everyone who sees it. */
  may?: Rule<SubjectOf<T>>;
}

/** Any row of the table (its rules typed for its subject). */
export type AnyPolicyEntry = { [T in SubjectType]: PolicyEntry<T> }[SubjectType];

const entry = <T extends SubjectType>(e: PolicyEntry<T>) => e;

/**
 * Who may do what: one row per action. A new feature adds rows here (and, for list queries, the SQL
 * twin of its `see` rule in its repository); services ask `authorize(actor, action, subject)`.
 */
export const POLICY = {
  // Clubs
  'club.view': entry({ subject: 'club', see: clubMember }),
  'club.message.send': entry({ subject: 'club', see: clubMember, may: role('committee', 'admin') }),
  'club.news.write': entry({ subject: 'club', see: clubMember, may: newsEditors }),
  'club.news.readTeamPosts': entry({ subject: 'club', see: clubMember, may: newsEditors }),
  // Events
  'event.view': entry({ subject: 'event', see: anyOf(publicEvent, clubMember) }),
  'event.register': entry({ subject: 'event', see: anyOf(publicEvent, clubMember) }),
  'event.registration.view': entry({
    subject: 'registration',
    see: anyOf<RegistrationSubject>(owner, role('organiser', 'committee', 'admin')),
  }),
  'event.registration.update': entry({ subject: 'registration', see: owner }),
  'event.participants.view': entry({
    subject: 'participantList',
    see: anyOf<ParticipantListSubject>(publicEvent, clubMember),
    may: allOf<ParticipantListSubject>(
      listShown,
      anyOf<ParticipantListSubject>(clubMember, registeredForEvent),
    ),
  }),
  // News
  'blog.post.view': entry({
    subject: 'blogPost',
    see: anyOf(postScope('public'), allOf(clubMember, anyOf(postScope('members'), teamOfPost, newsEditors))),
  }),
  // Teams
  'team.view': entry({ subject: 'team', see: clubMember }),
  // A person's data as a club sees it
  'sharedItem.view': entry({ subject: 'sharedItem', see: allOf(clubMember, sharedWithClub) }),
  // Person-owned data
  'own.read': entry({ subject: 'owned', see: owner }),
  'own.write': entry({ subject: 'owned', see: owner }),
  // The club side (organisers, committee, admins)
  'club.event.manage': entry({ subject: 'club', see: clubMember, may: eventOrganisers }),
  'event.edit': entry({ subject: 'event', see: anyOf(publicEvent, clubMember), may: eventOrganisers }),
  'event.participants.manage': entry({
    subject: 'event',
    see: anyOf(publicEvent, clubMember),
    may: eventOrganisers,
  }),
  'team.message.send': entry({ subject: 'team', see: clubMember, may: role('committee', 'admin') }),
  // The club side (ADR 0019): members by the club's admins, invoices by its committee and admins
  'club.members.manage': entry({ subject: 'club', see: clubMember, may: role('admin') }),
  'club.members.search': entry({
    subject: 'club',
    see: clubMember,
    may: role('committee', 'organiser', 'admin'),
  }),
  'club.invoices.manage': entry({ subject: 'club', see: clubMember, may: role('committee', 'admin') }),
  // The club's invoice data: address, tax number / VAT id, bank account (ADR 0026)
  'club.settings.manage': entry({ subject: 'club', see: clubMember, may: role('committee', 'admin') }),
  // Profile validation: the club's reviewers and admins work on its cases; the person uses own.read/own.write
  'validation.case.review': entry({ subject: 'validationCase', see: role('reviewer', 'admin') }),
  'validation.case.open': entry({ subject: 'club', see: clubMember, may: role('reviewer', 'admin') }),
  'club.invitation.manage': entry({ subject: 'club', see: clubMember, may: role('committee', 'admin') }),
  // Chat (docs/chat-protocol.md)
  'chat.conversation.read': entry({ subject: 'conversation', see: conversationParticipant }),
  'chat.conversation.write': entry({
    subject: 'conversation',
    see: conversationParticipant,
    may: allOf<ConversationSubject>(
      anyOf<ConversationSubject>(notClubChannel, role('committee', 'admin')),
      notBlocked,
      recipientOpen,
    ),
  }),
  // Reactions: everybody who reads (members react in the club channel, where they cannot write).
  'chat.message.react': entry({ subject: 'conversation', see: conversationParticipant, may: notBlocked }),
  'chat.direct.start': entry({
    subject: 'chatContact',
    see: contactInClub,
    may: allOf<ChatContactSubject>(contactReachable, notBlocked),
  }),
  'chat.person.block': entry({ subject: 'chatContact', see: contactInClub }),
  // Reported messages: the club's admins see them, dismiss the reports or delete the message (ADR 0022).
  'chat.reports.manage': entry({ subject: 'club', see: clubMember, may: role('admin') }),
} as const satisfies Record<string, AnyPolicyEntry>;

export type Action = keyof typeof POLICY;
export type SubjectFor<A extends Action> = SubjectOf<(typeof POLICY)[A]['subject']>;

/** The table as rows of words (docs/decisions/0011-authorization-policy.md shows it; a test keeps both equal). */
export function describePolicy(): { action: Action; subject: SubjectType; see: string; may: string }[] {
  return (Object.keys(POLICY) as Action[]).map((action) => {
    const e: AnyPolicyEntry = POLICY[action];
    return { action, subject: e.subject, see: e.see.label, may: e.may?.label ?? 'whoever sees it' };
  });
}
