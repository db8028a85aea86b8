import type { TenantSummary } from '@vereinsheim/contracts/tenant';
import { mediaUrl } from '../../../shared/api/media.ts';

/** The club's logo (avatar, else the public theme's header image), decorative when a name is shown beside it. */
export function ClubAvatar({ tenant, alt }: { tenant: TenantSummary; alt: string }) {
  const publicTheme = tenant.themeInfos.find((theme) => theme.themeType === 'public');
  const src = tenant.avatarImageUrl ?? publicTheme?.detailHeaderImage ?? tenant.headerImageUrl;
  if (!src) return <span className="vh-club-logo" aria-hidden="true" />;
  return <img className="vh-club-logo" src={mediaUrl(src)} alt={alt} loading="lazy" width={40} height={40} />;
}
