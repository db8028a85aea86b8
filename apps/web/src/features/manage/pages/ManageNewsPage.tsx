import { IonButton, IonItem, IonLabel, IonList } from '@ionic/react';
import { add } from 'ionicons/icons';
import { IonCheckbox } from '../../../shared/ui/ionic/checkbox.ts';
import { IonInput } from '../../../shared/ui/ionic/input.ts';
import { IonTextarea } from '../../../shared/ui/ionic/textarea.ts';
import { useIonAlert } from '../../../shared/ui/ionic/use-ion-alert.ts';
import type { BlogPost } from '@vereinsheim/contracts/blog';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatFieldDateTime } from '../../../shared/i18n/format.ts';
import '../components/manage.css';
import '../../../shared/ui/manage.css';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import {
  MANAGE_PAGE_SIZE,
  useDeletePost,
  useManagedNews,
  useSavePost,
  useUploadNewsImage,
} from '../api/manage.ts';
import { ClubPicker } from '../components/ClubPicker.tsx';
import { useManageClub } from '../components/manage-club.ts';
import { SearchField } from '../../../shared/ui/SearchField.tsx';
import { ToolbarAction } from '../../../shared/ui/ToolbarAction.tsx';

const toLocal = (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocal = (v: string) => (v ? new Date(v).toISOString() : null);

interface Draft {
  id?: string;
  title: string;
  description: string;
  body: string;
  validFrom: string;
  validTo: string;
  isPinned: boolean;
  pinPriority: number;
  isForced: boolean;
  images: { originalUrl: string | null; path: string | null; width: number | null; height: number | null }[];
}
const blank: Draft = {
  title: '',
  description: '',
  body: '',
  validFrom: '',
  validTo: '',
  isPinned: false,
  pinPriority: 0,
  isForced: false,
  images: [],
};
const fromPost = (p: BlogPost): Draft => ({
  id: p.id,
  title: p.title,
  description: p.description ?? '',
  body: p.body,
  validFrom: toLocal(p.validFrom),
  validTo: toLocal(p.validTo),
  isPinned: p.isPinned,
  pinPriority: p.pinPriority,
  isForced: p.isForced,
  images: p.images.map(({ originalUrl, path, width, height }) => ({ originalUrl, path, width, height })),
});

/** /manage/news: every post of the club (scheduled ones too), a form to write or edit one, delete with confirmation. */
export default function ManageNewsPage() {
  const { t, i18n } = useTranslation('manage');
  const { club, clubs } = useManageClub();
  const tenantId = club?.id ?? '';
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const list = useManagedNews(tenantId, keyword, page);
  const save = useSavePost(tenantId);
  const remove = useDeletePost(tenantId);
  const upload = useUploadNewsImage(tenantId);
  const [presentAlert] = useIonAlert();
  const [draft, setDraft] = useState<Draft | null>(null);
  const pages = Math.max(1, Math.ceil((list.data?.maximumcount ?? 0) / MANAGE_PAGE_SIZE));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => (d ? { ...d, [key]: value } : d));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    save.mutate(
      {
        ...draft,
        description: draft.description || null,
        validFrom: fromLocal(draft.validFrom),
        validTo: fromLocal(draft.validTo),
      },
      { onSuccess: () => setDraft(null) },
    );
  };

  return (
    <AppPage
      title={t('news.title')}
      actions={<ToolbarAction icon={add} label={t('news.new')} onClick={() => setDraft({ ...blank })} />}
    >
      <ClubPicker club={club} clubs={clubs} />
      {draft && (
        <form onSubmit={submit} className="vh-manage-form" aria-labelledby="news-form">
          <h2 id="news-form">{draft.id ? t('news.edit') : t('news.new')}</h2>
          <IonItem>
            <IonInput
              label={t('news.postTitle')}
              labelPlacement="stacked"
              required
              value={draft.title}
              onIonInput={(e) => set('title', e.detail.value ?? '')}
            />
          </IonItem>
          <IonItem>
            <IonInput
              label={t('news.teaser')}
              labelPlacement="stacked"
              value={draft.description}
              onIonInput={(e) => set('description', e.detail.value ?? '')}
            />
          </IonItem>
          <IonItem>
            <IonTextarea
              label={t('news.body')}
              labelPlacement="stacked"
              autoGrow
              value={draft.body}
              onIonInput={(e) => set('body', e.detail.value ?? '')}
            />
          </IonItem>
          <IonItem>
            <IonInput
              label={t('news.validFrom')}
              labelPlacement="stacked"
              type="datetime-local"
              value={draft.validFrom}
              helperText={formatFieldDateTime(draft.validFrom, i18n.language) || undefined}
              onIonInput={(e) => set('validFrom', e.detail.value ?? '')}
            />
          </IonItem>
          <IonItem>
            <IonInput
              label={t('news.validTo')}
              labelPlacement="stacked"
              type="datetime-local"
              value={draft.validTo}
              helperText={formatFieldDateTime(draft.validTo, i18n.language) || undefined}
              onIonInput={(e) => set('validTo', e.detail.value ?? '')}
            />
          </IonItem>
          <IonItem>
            <IonCheckbox checked={draft.isPinned} onIonChange={(e) => set('isPinned', e.detail.checked)}>
              {t('news.pinned')}
            </IonCheckbox>
          </IonItem>
          {draft.isPinned && (
            <IonItem>
              <IonInput
                label={t('news.pinPriority')}
                labelPlacement="stacked"
                type="number"
                min={0}
                max={1000}
                value={String(draft.pinPriority)}
                onIonInput={(e) => set('pinPriority', Number(e.detail.value || 0))}
              />
            </IonItem>
          )}
          <IonItem>
            <IonCheckbox checked={draft.isForced} onIonChange={(e) => set('isForced', e.detail.checked)}>
              {t('news.forced')}
            </IonCheckbox>
          </IonItem>
          <ul className="vh-manage-images">
            {draft.images.map((img, i) => (
              <li key={`${img.path}-${i}`}>
                {img.path && <img src={img.path} alt="" width={120} />}
                <IonButton
                  size="small"
                  fill="clear"
                  color="danger"
                  onClick={() =>
                    set(
                      'images',
                      draft.images.filter((_, j) => j !== i),
                    )
                  }
                >
                  {t('form.remove')}
                </IonButton>
              </li>
            ))}
          </ul>
          <label>
            {t('news.image')}{' '}
            <input
              type="file"
              accept="image/*"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file)
                  upload.mutate(file, {
                    onSuccess: (img) => setDraft((d) => (d ? { ...d, images: [...d.images, img] } : d)),
                  });
                e.target.value = '';
              }}
            />
          </label>
          {(save.isError || upload.isError) && <p role="alert">{(save.error ?? upload.error)?.message}</p>}
          <div className="vh-manage-actions">
            <IonButton type="submit" disabled={save.isPending || !draft.title.trim()}>
              {t('form.save')}
            </IonButton>
            <IonButton fill="clear" onClick={() => setDraft(null)}>
              {t('common.back')}
            </IonButton>
          </div>
        </form>
      )}
      <SearchField
        label={t('news.search')}
        value={keyword}
        onSearch={(value) => {
          setKeyword(value);
          setPage(1);
        }}
      />
      <IonList aria-label={t('news.title')}>
        {list.data?.items.map((p) => (
          <IonItem key={p.id} lines="full">
            <IonLabel className="ion-text-wrap">
              <h2>
                {p.title} {p.isPinned && <span className="vh-badge">{t('news.pinned')}</span>}
              </h2>
              <p>
                {formatDateTime(p.publishedOn ?? p.createdAt, i18n.language)}
                {p.validFrom && ` · ${t('news.from', { date: formatDateTime(p.validFrom, i18n.language) })}`}
                {p.validTo && ` · ${t('news.to', { date: formatDateTime(p.validTo, i18n.language) })}`}
              </p>
              <div className="vh-manage-actions">
                <IonButton size="small" fill="clear" onClick={() => setDraft(fromPost(p))}>
                  {t('events.edit')}
                </IonButton>
                <IonButton
                  size="small"
                  fill="clear"
                  color="danger"
                  onClick={() =>
                    void presentAlert({
                      header: t('news.delete'),
                      message: t('news.deleteConfirm', { title: p.title }),
                      buttons: [
                        { text: t('common.back'), role: 'cancel' },
                        { text: t('news.delete'), role: 'destructive', handler: () => remove.mutate(p.id) },
                      ],
                    })
                  }
                >
                  {t('news.delete')}
                </IonButton>
              </div>
            </IonLabel>
          </IonItem>
        ))}
      </IonList>
      <nav className="vh-manage-pager" aria-label={t('pager.label')}>
        <IonButton fill="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t('pager.previous')}
        </IonButton>
        <span>{t('pager.page', { page, pages })}</span>
        <IonButton fill="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          {t('pager.next')}
        </IonButton>
      </nav>
    </AppPage>
  );
}
