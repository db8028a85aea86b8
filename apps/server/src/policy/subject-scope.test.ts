import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { memberships, teamMembers, teams } from '../db/schema/index.ts';
import { loadActorScope, readSubjectScope } from './scope.repository.ts';

/** The subject's person with their scope (the scope alone). */
const loadSubjectScope = async (db: TestContext['db'], issuer: string, subject: string) =>
  (await readSubjectScope(db, issuer, subject))?.scope;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the person of a subject with their scope, in one statement', () => {
  it('gives the same clubs, roles and teams as the scope query, without ended memberships', async () => {
    const club = await ctx.createClub('Einmalverein');
    const left = await ctx.createClub('Ehemaliger Verein');
    const person = await ctx.createPerson();
    await ctx.addMembership(person.personId, club);
    await ctx.addMembership(person.personId, club, 'committee');
    await ctx.db
      .insert(memberships)
      .values({ personId: person.personId, tenantId: left, role: 'member', endsOn: '2020-12-31' });
    const [team] = await ctx.db.insert(teams).values({ tenantId: club, name: 'Vierer' }).returning();
    await ctx.db.insert(teamMembers).values({ teamId: team!.id, personId: person.personId, role: 'player' });

    const scope = await loadSubjectScope(ctx.db, ctx.config.oidc.issuer, person.subject);
    expect(scope).toEqual(await loadActorScope(ctx.db, person.personId));
    expect(scope).toMatchObject({ personId: person.personId, tenantIds: [club], teamIds: [team!.id] });
    expect([...scope!.roles.get(club)!].sort()).toEqual(['committee', 'member']);
  });

  it('knows a person without any club, and no person for an unknown subject or another issuer', async () => {
    const loner = await ctx.createPerson();
    expect(await loadSubjectScope(ctx.db, ctx.config.oidc.issuer, loner.subject)).toEqual({
      personId: loner.personId,
      tenantIds: [],
      roles: new Map(),
      teamIds: [],
    });
    expect(await loadSubjectScope(ctx.db, ctx.config.oidc.issuer, 'nobody')).toBeUndefined();
    expect(await loadSubjectScope(ctx.db, 'https://elsewhere.example', loner.subject)).toBeUndefined();
  });
});
