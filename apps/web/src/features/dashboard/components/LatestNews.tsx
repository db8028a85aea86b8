import { IonBadge, IonButton, IonItem, IonLabel, IonList, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useLatestNews } from '../api/get-latest-news.ts';

/** Dashboard section: pinned and newest posts; loads and fails on its own. */
export function LatestNews() {
  const { t } = useTranslation('dashboard');
  const news = useLatestNews();
  return (
    <section aria-labelledby="dashboard-news">
      <h3 id="dashboard-news">{t('newsTitle')}</h3>
      {news.isPending ? (
        <IonSpinner aria-label={t('newsTitle')} />
      ) : news.isError ? (
        <EmptyState message={t('loadError')}>
          <IonButton size="small" onClick={() => void news.refetch()}>
            {t('retry')}
          </IonButton>
        </EmptyState>
      ) : news.data.length === 0 ? (
        <EmptyState message={t('noNews')} />
      ) : (
        <IonList>
          {news.data.map((post) => (
            <IonItem key={post.id} routerLink={`/blog/${encodeURIComponent(post.id)}`} detail>
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
      <p>
        <Link to="/blog">{t('allNews')}</Link>
      </p>
    </section>
  );
}
