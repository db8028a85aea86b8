import { render, type Language, type TextParams } from '../../lib/i18n.ts';
import type { MessageRow } from './messages.repository.ts';

/** The notices the server writes; their texts are `message.<key>.title` and `.body` in src/locales. */
export type MessageTextKey =
  | 'waitinglistPromoted'
  | 'waitinglistPromotedRequested'
  | 'invoiceIssued'
  | 'eventCancelled'
  | 'dataShared'
  | 'invoiceReminder'
  | 'validationApplied'
  | 'validationOpened'
  | 'validationInReview'
  | 'validationCorrections'
  | 'validationResubmitted'
  | 'validationApproved'
  | 'validationJoined';

/** Title and body in the reader's language (a person's own words stay as written). */
export function messageText(
  lng: Language,
  row: Pick<MessageRow, 'title' | 'body' | 'textKey' | 'textParams'>,
): { title: string; body: string } {
  if (!row.textKey) return { title: row.title ?? '', body: row.body ?? '' };
  const params = row.textParams as TextParams;
  return {
    title: render(lng, { key: `${row.textKey}.title`, params }),
    body: render(lng, { key: `${row.textKey}.body`, params }),
  };
}
