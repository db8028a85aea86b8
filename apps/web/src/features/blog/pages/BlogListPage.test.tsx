import { BlogPostListSchema, type BlogPost } from '@vereinsheim/contracts/blog';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/client.ts';
import { ORIGIN } from '../../../test/fixtures.ts';
import { server } from '../../../test/msw-server.ts';
import BlogListPage from './BlogListPage.tsx';

function post(n: number, overrides: Partial<BlogPost> = {}): BlogPost {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    tenantId: 'club-1',
    tenantName: 'TSV Test',
    title: `Beitrag ${n}`,
    description: null,
    body: '<p>x</p>',
    scopeType: 'members',
    teamId: null,
    detailItemId: null,
    validFrom: null,
    validTo: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    publishedOn: null,
    link: null,
    isPinned: false,
    isForced: false,
    pinPriority: 0,
    isRead: false,
    primaryImageUrl: null,
    images: [],
    attributes: [],
    ...overrides,
  };
}

const page = (items: BlogPost[], n: number, total: number) =>
  BlogPostListSchema.parse({
    items,
    maximumcount: total,
    page: n,
    pagesize: 25,
    top: 25,
    orderbytype: 'descending',
  });

beforeAll(() => {
  configureApiClient({
    baseUrl: ORIGIN,
    getAccessToken: () => Promise.resolve('t'),
    getPersonId: () => null,
  });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BlogListPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/blog', () => {
  it('shows the German empty state', async () => {
    server.use(http.get(`${ORIGIN}/api/me/cms2/blogpost`, () => HttpResponse.json(page([], 1, 0))));
    renderPage();
    expect(await screen.findByText('Im Moment gibt es keine Neuigkeiten.')).toBeInTheDocument();
  });

  it('lists the posts in the server order with lazy, sized primary images, asking for CreatedAt descending', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get(`${ORIGIN}/api/me/cms2/blogpost`, ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json({
          ...page([], 1, 2),
          items: [
            { ...post(1, { isPinned: true, pinPriority: 3 }), SCOPETYPE: undefined },
            {
              ...post(2),
              images: [
                {
                  id: 'i',
                  url: null,
                  originalUrl: '/media/demo/a.svg',
                  path: null,
                  width: 1200,
                  height: 675,
                },
              ],
            },
          ],
        });
      }),
    );
    renderPage();
    const feed = await screen.findByRole('feed');
    const titles = [...feed.querySelectorAll('.vh-blog-card__title')].map((h) => h.textContent);
    expect(titles).toEqual(['Beitrag 1', 'Beitrag 2']);
    expect(within(feed).getByText('Angeheftet')).toBeInTheDocument();
    const image = feed.querySelector('img')!;
    expect(image).toHaveAttribute('src', '/media/demo/a.svg');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '1200');
    expect(image).toHaveAttribute('height', '675');
    expect(query?.get('orderby')).toBe('CreatedAt');
    expect(query?.get('orderbytype')).toBe('descending');
    expect(query?.get('page')).toBe('1');
  });
});
