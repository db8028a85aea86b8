import type { ValidationSection } from '@vereinsheim/contracts/routes';
import { pathTo } from '@vereinsheim/contracts/routes';

/** Where the person corrects the data of a section (their own profile pages). */
export const CORRECTION_PATH: Partial<Record<ValidationSection, string>> = {
  profile: pathTo('profile'),
  address: pathTo('profileAddress'),
  mail: pathTo('profileMail'),
  phone: pathTo('profilePhone'),
  confectioninformation: pathTo('profileConfection'),
  bank: pathTo('profileBankAccount'),
  miscellaneous: pathTo('profileMiscellaneous'),
};

/** A read-only data item as one line: its values (ids and flags left out). */
export function itemLine(item: Record<string, string | number | boolean | null>): string {
  return Object.entries(item)
    .filter(([key, value]) => key !== 'id' && value !== null && typeof value !== 'boolean')
    .map(([, value]) => String(value))
    .join(' · ');
}
