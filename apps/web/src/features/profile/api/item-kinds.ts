import {
  AdditionalSchema,
  AddressSchema,
  BankAccountSchema,
  ConfectionSchema,
  MailSchema,
  MedicalSchema,
  PhoneSchema,
  type PersonalItemKind,
  type ScopedSharingTenant,
} from '@vereinsheim/contracts/personal-data';
import type { z } from 'zod';

/** What every personal-data item has, whatever its kind. */
export interface PersonalItem {
  id: string;
  scopedSharingTenants: ScopedSharingTenant[];
  [field: string]: unknown;
}

export const ITEM_SCHEMAS: Record<PersonalItemKind, z.ZodType<PersonalItem>> = {
  address: AddressSchema,
  mail: MailSchema,
  phone: PhoneSchema,
  bankaccount: BankAccountSchema,
  confectioninformation: ConfectionSchema,
  medicalinformation: MedicalSchema,
  additionalinformation: AdditionalSchema,
};

/** Address, mail and phone have the per-view share endpoints; the others are shared per club. */
export const SCOPED_KINDS: readonly PersonalItemKind[] = ['address', 'mail', 'phone'];

/** Which list in GET /api/me holds the kind. */
export const PROFILE_LIST: Record<PersonalItemKind, string> = {
  address: 'addresses',
  mail: 'mails',
  phone: 'phoneNumbers',
  bankaccount: 'bankAccounts',
  confectioninformation: 'confectionInformations',
  medicalinformation: 'medicalInformations',
  additionalinformation: 'additionalInformations',
};
