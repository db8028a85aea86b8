import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERSONAL_ITEM_KINDS, type MembershipRole } from '@vereinsheim/contracts';
import type { Actor, ActorScope } from './actor.ts';
import { authorize, clubsWhere, decide } from './authorize.ts';
import { hasText } from '../lib/i18n.ts';
import { describePolicy, POLICY, type OwnedKind } from './policy.ts';

const CLUB = 'club-a';
const OTHER_CLUB = 'club-b';

function scopeOf(roles: Record<string, MembershipRole[]>, teamIds: string[] = []): ActorScope {
  return {
    personId: 'me',
    tenantIds: Object.keys(roles),
    roles: new Map(Object.entries(roles).map(([t, r]) => [t, new Set(r)])),
    teamIds,
  };
}

const member = scopeOf({ [CLUB]: ['member'] });
const committee = scopeOf({ [CLUB]: ['member', 'committee'] });
const organiser = scopeOf({ [CLUB]: ['member', 'organiser'] });
const outsider = scopeOf({ [OTHER_CLUB]: ['member', 'admin'] });

describe('the policy table', () => {
  it.each([
    ['member', member, 'notAllowed'],
    ['organiser', organiser, 'notAllowed'],
    ['committee', committee, 'allowed'],
    ["another club's admin", outsider, 'notVisible'],
  ] as const)('club messages: %s → %s', (_who, scope, expected) => {
    expect(decide(scope, 'club.message.send', { type: 'club', tenantId: CLUB })).toBe(expected);
  });

  it.each([
    ['member', member, 'notAllowed'],
    ['organiser', organiser, 'allowed'],
    ['committee', committee, 'allowed'],
    ["another club's admin", outsider, 'notVisible'],
  ] as const)('club news: %s → %s', (_who, scope, expected) => {
    expect(decide(scope, 'club.news.write', { type: 'club', tenantId: CLUB })).toBe(expected);
  });

  it('shows members-only events to the club and public events to anyone', () => {
    const membersOnly = { type: 'event', tenantId: CLUB, visibility: 'members' } as const;
    expect(decide(member, 'event.view', membersOnly)).toBe('allowed');
    expect(decide(outsider, 'event.view', membersOnly)).toBe('notVisible');
    expect(decide(outsider, 'event.view', { ...membersOnly, visibility: 'public' })).toBe('allowed');
  });

  it("hides another person's registration from members without an organiser role (404, not 403)", () => {
    const registration = { type: 'registration', tenantId: CLUB, personId: 'someone' } as const;
    expect(decide(member, 'event.registration.view', registration)).toBe('notVisible');
    expect(decide(organiser, 'event.registration.view', registration)).toBe('allowed');
    expect(decide(member, 'event.registration.view', { ...registration, personId: 'me' })).toBe('allowed');
  });

  it('shows team posts to the team and the club’s news editors only', () => {
    const post = { type: 'blogPost', tenantId: CLUB, scopeType: 'team', teamId: 't1' } as const;
    expect(decide(member, 'blog.post.view', post)).toBe('notVisible');
    expect(decide(scopeOf({ [CLUB]: ['member'] }, ['t1']), 'blog.post.view', post)).toBe('allowed');
    expect(decide(committee, 'blog.post.view', post)).toBe('allowed');
    expect(decide(scopeOf({ [OTHER_CLUB]: ['member'] }, ['t1']), 'blog.post.view', post)).toBe('notVisible');
    expect(decide(outsider, 'blog.post.view', { ...post, scopeType: 'public', teamId: null })).toBe(
      'allowed',
    );
  });

  it('shows a person’s contact data to a club only where it is shared with that club', () => {
    const item = { type: 'sharedItem', tenantId: CLUB, intern: false, extern: false } as const;
    expect(decide(member, 'sharedItem.view', item)).toBe('notVisible');
    expect(decide(member, 'sharedItem.view', { ...item, extern: true })).toBe('allowed');
    expect(decide(outsider, 'sharedItem.view', { ...item, intern: true })).toBe('notVisible');
  });

  it('answers owner-only rows without loading the scope, and refuses with the documented codes', async () => {
    let loads = 0;
    const actor: Actor = {
      personId: 'me',
      issuer: 'i',
      subject: 's',
      claims: {},
      via: 'bearer',
      scope: () => {
        loads++;
        return Promise.resolve(member);
      },
    };
    await authorize(actor, 'own.write', { type: 'owned', what: 'address', personId: 'me' });
    await expect(
      authorize(actor, 'own.write', { type: 'owned', what: 'address', personId: 'other' }),
    ).rejects.toMatchObject({ status: 404, code: 'address.notFound' });
    expect(loads).toBe(0);
    await expect(
      authorize(actor, 'club.message.send', { type: 'club', tenantId: CLUB }),
    ).rejects.toMatchObject({ status: 403, code: 'club.message.send.forbidden' });
    await expect(
      authorize(actor, 'club.message.send', { type: 'club', tenantId: OTHER_CLUB }),
    ).rejects.toMatchObject({ status: 404, code: 'club.notFound' });
    expect(
      await clubsWhere({ ...actor, scope: () => Promise.resolve(committee) }, 'club.news.readTeamPosts'),
    ).toEqual([CLUB]);
  });

  it('is documented as it is: ADR 0011 shows exactly this table', () => {
    const adr = fs.readFileSync(
      path.join(import.meta.dirname, '../../../../docs/decisions/0011-authorization-policy.md'),
      'utf8',
    );
    const documented = adr
      .split('\n')
      .filter((line) => /^\| `[a-z.]+` \|/i.test(line))
      .map((line) => line.trim());
    const generated = describePolicy().map(
      (row) => `| \`${row.action}\` | ${row.subject} | ${row.see} | ${row.may} |`,
    );
    expect(documented).toEqual(generated);
  });

  it('names every refusal in the locale files (404 per subject, 403 per action)', () => {
    const owned: OwnedKind[] = [...PERSONAL_ITEM_KINDS, 'person', 'message', 'invoice', 'pushSubscription'];
    const subjects = Object.values(POLICY)
      .map((e) => e.subject)
      .filter((t) => t !== 'owned');
    for (const noun of [...new Set([...subjects, ...owned])])
      expect(hasText(`problem.${noun}.notFound`), noun).toBe(true);
    for (const action of Object.keys(POLICY))
      expect(hasText(`problem.${action}.forbidden`), action).toBe(true);
  });
});
