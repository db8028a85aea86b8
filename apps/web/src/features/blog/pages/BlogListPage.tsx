import {
  IonButton,
  IonInfiniteScroll,
  IonInfiniteScrollContent,
  IonRefresher,
  IonRefresherContent,
  IonSpinner,
} from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { mergeBlogPages, useBlogPosts } from '../api/get-blog-posts.ts';
import { BlogPostCard } from '../components/BlogPostCard.tsx';
import '../components/blog.css';

/** /blog: the news of all the person's clubs, pinned first, endless scrolling, pull-to-refresh. */
export default function BlogListPage() {
  const { t } = useTranslation('blog');
  const query = useBlogPosts();
  const posts = query.data ? mergeBlogPages(query.data.pages) : [];
  const loadMoreFailed = query.isFetchNextPageError;

  return (
    <AppPage title={t('listTitle')}>
      <IonRefresher
        slot="fixed"
        onIonRefresh={(event) => {
          // Reload = page 1 again (spec §4): refetching an infinite query starts from the first page.
          void query.refetch().finally(() => event.detail.complete());
        }}
      >
        <IonRefresherContent />
      </IonRefresher>
      {query.isPending ? (
        <IonSpinner aria-label={t('loading')} />
      ) : query.isError && !query.data ? (
        <EmptyState message={t('loadError')}>
          <IonButton onClick={() => void query.refetch()}>{t('retry')}</IonButton>
        </EmptyState>
      ) : posts.length === 0 ? (
        <EmptyState message={t('empty')} />
      ) : (
        <>
          <div role="feed" aria-busy={query.isFetching} aria-label={t('listTitle')}>
            {posts.map((post) => (
              <article key={post.id} aria-labelledby={`post-${post.id}`}>
                <BlogPostCard post={post} />
              </article>
            ))}
          </div>
          {loadMoreFailed && (
            <EmptyState message={t('loadMoreError')}>
              <IonButton onClick={() => void query.fetchNextPage()}>{t('retry')}</IonButton>
            </EmptyState>
          )}
          <IonInfiniteScroll
            disabled={!query.hasNextPage || loadMoreFailed}
            onIonInfinite={(event) => {
              // Skipped while a fetch runs or everything is loaded (spec §4).
              const done = () => void event.target.complete();
              if (!query.hasNextPage || query.isFetchingNextPage) done();
              else void query.fetchNextPage().finally(done);
            }}
          >
            <IonInfiniteScrollContent loadingText={t('loadingMore')} />
          </IonInfiniteScroll>
        </>
      )}
    </AppPage>
  );
}
