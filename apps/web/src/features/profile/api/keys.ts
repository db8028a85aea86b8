import type { PersonalItemKind } from '@vereinsheim/contracts/personal-data';
import { resourceKeys } from '../../../shared/api/query-keys.ts';

/** Every query key of the profile feature; a change to one item invalidates its kind's list and the person. */
export const profileKeys = {
  all: resourceKeys.profile,
  me: () => [...profileKeys.all, 'me'] as const,
  items: (kind: PersonalItemKind) => [...profileKeys.all, 'items', kind] as const,
};
