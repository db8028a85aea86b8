import { and, eq } from 'drizzle-orm';
import type { JWTPayload } from 'jose';
import type { Database } from '../../db/client.ts';
import { identities, persons } from '../../db/schema/index.ts';

/**
 * The one place where provider claims map onto a person (the spec's b2cId link).
 * For an external provider, a first sign-in creates the person from the token's name claims.
 */
export async function findOrProvisionPerson(
  db: Database,
  input: { issuer: string; subject: string; claims: JWTPayload; provision: boolean },
): Promise<string | null> {
  const [found] = await db
    .select({ personId: identities.personId })
    .from(identities)
    .where(and(eq(identities.issuer, input.issuer), eq(identities.subject, input.subject)))
    .limit(1);
  if (found) return found.personId;
  if (!input.provision) return null;
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const created = await db
    .transaction(async (tx) => {
      const [person] = await tx
        .insert(persons)
        .values({
          firstName: str(input.claims.given_name) ?? str(input.claims.name)?.split(' ')[0] ?? '',
          lastName: str(input.claims.family_name) ?? '',
        })
        .returning({ id: persons.id });
      const [link] = await tx
        .insert(identities)
        .values({ issuer: input.issuer, subject: input.subject, personId: person!.id })
        .onConflictDoNothing()
        .returning({ personId: identities.personId });
      if (link) return link.personId;
      // Another request provisioned the same subject concurrently: drop this person, use theirs.
      tx.rollback();
      return null;
    })
    .catch(() => null);
  if (created) return created;
  return findOrProvisionPerson(db, { ...input, provision: false });
}
