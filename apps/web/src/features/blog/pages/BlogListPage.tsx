import { useTranslation } from 'react-i18next';
import { useMergedPages } from '../../../shared/api/paging.ts';
import { ClubScopeSelect, useClubScope } from '../../../shared/tenant-selection/index.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { InfiniteList } from '../../../shared/ui/InfiniteList.tsx';
import { useBlogPosts } from '../api/get-blog-posts.ts';
import { BlogPostCard } from '../components/BlogPostCard.tsx';
import '../components/blog.css';

/** /blog: the news of the chosen club or of all the person's clubs, pinned first, endless scrolling, pull-to-refresh. */
export default function BlogListPage() {
  const { t } = useTranslation('blog');
  const scope = useClubScope();
  const query = useBlogPosts(scope.tenantIds, scope.ready);
  const posts = useMergedPages(query);

  return (
    <AppPage title={t('listTitle')}>
      <ClubScopeSelect scope={scope} />
      <InfiniteList query={query} count={posts.length} textsFrom="blog">
        <div role="feed" aria-busy={query.isFetching} aria-label={t('listTitle')}>
          {posts.map((post) => (
            <article key={post.id} aria-labelledby={`post-${post.id}`}>
              <BlogPostCard post={post} />
            </article>
          ))}
        </div>
      </InfiniteList>
    </AppPage>
  );
}
