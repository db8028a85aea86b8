import type { BlogPost } from '@vereinsheim/contracts/blog';
import { IonBadge, IonCard } from '@ionic/react';
import {
  IonCardContent,
  IonCardHeader,
  IonCardSubtitle,
  IonCardTitle,
} from '../../../shared/ui/ionic/card.ts';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@vereinsheim/contracts/routes';
import { formatDate } from '../../../shared/i18n/format.ts';
import { mediaUrl } from '../../../shared/api/media.ts';

/** Default box of a primary image whose size is unknown (16:9), so the list does not jump while images load. */
const FALLBACK_SIZE = { width: 640, height: 360 };

export function BlogPostCard({ post }: { post: BlogPost }) {
  const { t, i18n } = useTranslation('blog');
  const image = post.images.find((i) => i.url === post.primaryImageUrl);
  const unreadForced = post.isForced && !post.isRead;
  return (
    <IonCard
      routerLink={pathTo('blogPost', { id: post.id })}
      className={unreadForced ? 'vh-blog-card vh-blog-card--forced' : 'vh-blog-card'}
      data-testid="blog-post"
    >
      {post.primaryImageUrl && (
        <img
          className="vh-blog-card__image"
          src={mediaUrl(post.primaryImageUrl)}
          alt=""
          loading="lazy"
          decoding="async"
          width={image?.width ?? FALLBACK_SIZE.width}
          height={image?.height ?? FALLBACK_SIZE.height}
        />
      )}
      <IonCardHeader>
        <IonCardSubtitle>
          {[post.tenantName, formatDate(post.publishedOn ?? post.createdAt, i18n.resolvedLanguage)]
            .filter(Boolean)
            .join(' · ')}
        </IonCardSubtitle>
        <IonCardTitle className="vh-blog-card__title" id={`post-${post.id}`}>
          {post.title}
        </IonCardTitle>
        <div className="vh-blog-card__badges">
          {post.isPinned && <IonBadge color="primary">{t('pinned')}</IonBadge>}
          {unreadForced && <IonBadge color="warning">{t('important')}</IonBadge>}
        </div>
      </IonCardHeader>
      {post.description && <IonCardContent>{post.description}</IonCardContent>}
    </IonCard>
  );
}
