import { IonBadge, IonItem, IonLabel, IonList } from '@ionic/react';
import { pathTo } from '@vereinsheim/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QueryStates } from '../../../shared/ui/QueryStates.tsx';
import { useLatestNews } from '../api/get-latest-news.ts';
import './dashboard.css';

/** Dashboard section: pinned and newest posts; loads and fails on its own. */
export function LatestNews() {
  const { t } = useTranslation('dashboard');
  const news = useLatestNews();
  return (
    <section aria-labelledby="dashboard-news">
      <h3 id="dashboard-news">{t('newsTitle')}</h3>
      <div className="vh-dashboard-news-body">
        <QueryStates
          query={news}
          texts={{
            loading: t('newsTitle'),
            loadError: t('loadError'),
            retry: t('retry'),
            empty: t('noNews'),
          }}
          isEmpty={(posts) => posts.length === 0}
          compact
        >
          {(posts) => (
            <IonList>
              {posts.map((post) => (
                <IonItem key={post.id} routerLink={pathTo('blogPost', { id: post.id })} detail>
                  {post.primaryImageUrl && (
                    <img
                      slot="start"
                      className="vh-dashboard-thumb"
                      src={post.primaryImageUrl}
                      alt=""
                      loading="lazy"
                      width={64}
                      height={36}
                    />
                  )}
                  <IonLabel>
                    <h4>{post.title}</h4>
                    {post.tenantName && <p>{post.tenantName}</p>}
                  </IonLabel>
                  {post.isPinned && (
                    <IonBadge slot="end" color="primary">
                      {t('pinned')}
                    </IonBadge>
                  )}
                  {post.isForced && !post.isRead && (
                    <IonBadge slot="end" color="warning">
                      {t('important')}
                    </IonBadge>
                  )}
                </IonItem>
              ))}
            </IonList>
          )}
        </QueryStates>
      </div>
      <p>
        <Link to="/blog">{t('allNews')}</Link>
      </p>
    </section>
  );
}
