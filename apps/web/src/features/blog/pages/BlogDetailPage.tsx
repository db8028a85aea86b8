import { IonBadge, IonButton, IonSpinner } from '@ionic/react';
import { IonBackButton } from '../../../shared/ui/ionic/back-button.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useBlogPost } from '../api/get-blog-post.ts';
import { useMarkBlogPostRead } from '../api/mark-blog-post-read.ts';
import { formatDate } from '../../../shared/i18n/format.ts';
import '../components/blog.css';
import { mediaUrl } from '../../../shared/api/media.ts';

/** /blog/{id}: the full post with its images and link. The body is HTML sanitised by the server. */
export default function BlogDetailPage() {
  const { t, i18n } = useTranslation('blog');
  const { id = '' } = useParams<{ id: string }>();
  const { data: post, isPending, isError, refetch } = useBlogPost(id);
  const markRead = useMarkBlogPostRead();
  const needsRead = post !== undefined && !post.isRead;
  const { mutate } = markRead;

  useEffect(() => {
    if (needsRead) mutate(id);
  }, [needsRead, id, mutate]);

  return (
    <AppPage
      title={post?.title ?? t('detailTitle')}
      actions={<IonBackButton defaultHref="/blog" text={t('back')} />}
    >
      {isPending ? (
        <IonSpinner aria-label={t('loading')} />
      ) : isError ? (
        <EmptyState message={t('notFound')}>
          <IonButton onClick={() => void refetch()}>{t('retry')}</IonButton>
        </EmptyState>
      ) : (
        // Focusable so that a keyboard can scroll a long post (axe scrollable-region-focusable).
        <article className="vh-blog-post" tabIndex={0} aria-label={post.title}>
          <p className="vh-blog-post__meta">
            {[post.tenantName, formatDate(post.publishedOn ?? post.createdAt, i18n.resolvedLanguage)]
              .filter(Boolean)
              .join(' · ')}{' '}
            {post.isPinned && <IonBadge color="primary">{t('pinned')}</IonBadge>}
          </p>
          {post.description && <p className="vh-blog-post__lead">{post.description}</p>}
          {post.images
            .filter((image) => image.url)
            .map((image) => (
              <img
                key={image.id}
                className="vh-blog-post__image"
                src={mediaUrl(image.url!)}
                alt=""
                loading="lazy"
                width={image.width ?? 640}
                height={image.height ?? 360}
              />
            ))}
          <div
            className="vh-blog-post__body"
            // Sanitised on the server against an allow-list before it was stored.
            dangerouslySetInnerHTML={{ __html: post.body }}
          />
          {post.link && (
            <IonButton href={post.link} target="_blank" rel="noopener noreferrer">
              {t('openLink')}
            </IonButton>
          )}
        </article>
      )}
    </AppPage>
  );
}
