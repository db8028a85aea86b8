// vitest-isolate: counts the schemas this page load's module graph has built (contracts/deferred.ts).
import { deferredSchemasBuilt } from '@vereinsheim/contracts/deferred';
import { describe, expect, it } from 'vitest';

/**
 * The contract modules the start-up loads (the entry's and the dashboard's first screen's), and the web's own
 * modules with schemas on those paths. Loading them used to build every schema in them, about 170 ms of a phone's
 * main thread (ADR 0054); now a schema is built when an answer is first parsed with it.
 */
const startUpModules = () =>
  Promise.all([
    import('@vereinsheim/contracts/enums'),
    import('@vereinsheim/contracts/person'),
    import('@vereinsheim/contracts/session'),
    import('@vereinsheim/contracts/problem'),
    import('@vereinsheim/contracts/app-config'),
    import('@vereinsheim/contracts/paging'),
    import('@vereinsheim/contracts/messages'),
    import('@vereinsheim/contracts/tenant'),
    import('@vereinsheim/contracts/blog'),
    import('@vereinsheim/contracts/events'),
    import('../shared/auth/auth-service.ts'),
    import('../features/blog/api/get-blog-posts.ts'),
    import('../features/blog/api/get-blog-post.ts'),
  ]);

describe('contract schemas on a page', () => {
  it('are not built when the start-up loads their modules, only when an answer is parsed, and only those it needs', async () => {
    const before = deferredSchemasBuilt();
    const [, , session] = await startUpModules();
    expect(deferredSchemasBuilt()).toBe(before);

    const answer = {
      claims: { sub: 'b2c-1', person_id: 'p1', name: 'Mia Hoffmann' },
      fresh: false,
      expiresAt: '2026-12-08T10:00:00.000Z',
      idleTimeoutSeconds: 3600,
    };
    expect(session.WebSessionSchema.parse(answer)).toEqual(answer);
    // The session's schema and its claims' schema; none of the others in these modules.
    expect(deferredSchemasBuilt()).toBe(before + 2);

    const refused = session.WebSessionSchema.safeParse({ ...answer, fresh: 'yes', claims: {} });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'claims.sub',
      'fresh',
    ]);
    expect(deferredSchemasBuilt()).toBe(before + 2);
  });
});
