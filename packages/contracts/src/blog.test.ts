import { describe, expect, it } from 'vitest';
import {
  BlogPostSchema,
  coerceBlogScopeType,
  normalizeBlogAttribute,
  normalizeBlogImage,
  normalizeBlogPost,
} from './blog.ts';

describe('coerceBlogScopeType', () => {
  it.each([
    ['members', 'members'],
    ['Members', 'members'],
    [' PUBLIC ', 'public'],
    ['Team', 'team'],
    ['club', 'members'],
    [3, 'members'],
    [undefined, 'members'],
  ])('maps %j to %s', (input, expected) => {
    expect(coerceBlogScopeType(input)).toBe(expected);
  });
});

describe('normalizeBlogImage', () => {
  it('takes the original url first', () => {
    const image = normalizeBlogImage({
      id: 'i1',
      originalUrl: '/o.jpg',
      renderedUrls: ['/r.jpg'],
      path: '/p.jpg',
    });
    expect(image).toMatchObject({ id: 'i1', url: '/o.jpg', originalUrl: '/o.jpg', path: '/p.jpg' });
  });

  it('falls back to the first rendered url, then the path', () => {
    expect(normalizeBlogImage({ renderedUrls: [{ url: '' }, { url: '/r2.jpg' }], path: '/p.jpg' }).url).toBe(
      '/r2.jpg',
    );
    expect(normalizeBlogImage({ path: '/p.jpg' }).url).toBe('/p.jpg');
    expect(normalizeBlogImage({}).url).toBeNull();
  });
});

describe('normalizeBlogAttribute', () => {
  it('maps the attribute field names', () => {
    expect(
      normalizeBlogAttribute({
        blogAttributeId: 'a1',
        attributeTitle: 'Ort',
        attributeType: 'location',
        objectId: 'o1',
        tenantId: 't1',
        attributeMeta: { lat: 1 },
      }),
    ).toEqual({
      id: 'a1',
      title: 'Ort',
      type: 'location',
      objectId: 'o1',
      tenantId: 't1',
      meta: '{"lat":1}',
    });
  });
});

describe('normalizeBlogPost', () => {
  it('applies the defaults and accepts upper-case date field variants', () => {
    const post = normalizeBlogPost({
      id: 'p1',
      tenantId: 't1',
      title: 'Hallo',
      scopeType: 'PUBLIC',
      ValidFrom: '2026-01-01T00:00:00Z',
      VALIDTO: '2026-12-31T00:00:00Z',
      CreatedAt: '2026-02-01T10:00:00Z',
      UpdatedAt: '2026-02-02T10:00:00Z',
      PublishedOn: '2026-02-01T12:00:00Z',
    });
    expect(post).toMatchObject({
      scopeType: 'public',
      validFrom: '2026-01-01T00:00:00Z',
      validTo: '2026-12-31T00:00:00Z',
      createdAt: '2026-02-01T10:00:00Z',
      updatedAt: '2026-02-02T10:00:00Z',
      publishedOn: '2026-02-01T12:00:00Z',
      isPinned: false,
      isForced: false,
      pinPriority: 0,
      images: [],
      attributes: [],
      primaryImageUrl: null,
    });
    expect(BlogPostSchema.safeParse(post).success).toBe(true);
  });

  it("uses the post's imageUrl as primary image, else the first image with a url", () => {
    const images = [{ id: 'a' }, { id: 'b', path: '/b.svg' }, { id: 'c', originalUrl: '/c.svg' }];
    expect(normalizeBlogPost({ imageUrl: '/own.svg', images }).primaryImageUrl).toBe('/own.svg');
    expect(normalizeBlogPost({ images }).primaryImageUrl).toBe('/b.svg');
  });

  it('reads string booleans and numbers, and leaves an already normalised post unchanged', () => {
    const post = normalizeBlogPost({ isPinned: 'true', isForced: 'TRUE', pinPriority: '3' });
    expect(post).toMatchObject({ isPinned: true, isForced: true, pinPriority: 3 });
    const again = normalizeBlogPost({ ...post, id: 'x', createdAt: '2026-01-01T00:00:00Z' });
    expect(normalizeBlogPost(again)).toEqual(again);
  });
});
