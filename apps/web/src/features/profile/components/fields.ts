import {
  AdditionalInputSchema,
  AddressInputSchema,
  BankAccountInputSchema,
  CLOTHING_PART_TYPES,
  ConfectionInputSchema,
  MailInputSchema,
  MEDICAL_TYPES,
  MedicalInputSchema,
  PHONE_TYPES,
  PhoneInputSchema,
  type PersonalItemKind,
} from '@vereinsheim/contracts/personal-data';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { formatIban } from '../../../shared/i18n/format.ts';
import type { PersonalItem } from '../api/item-kinds.ts';

export interface FieldDef {
  name: string;
  type: 'text' | 'email' | 'tel' | 'number' | 'select' | 'textarea' | 'checkbox';
  options?: readonly string[];
  required?: boolean;
  /** The value a new item starts with (the schema's default choice). */
  default?: string;
}

export const INPUT_SCHEMAS: Record<PersonalItemKind, z.ZodType> = {
  address: AddressInputSchema,
  mail: MailInputSchema,
  phone: PhoneInputSchema,
  bankaccount: BankAccountInputSchema,
  confectioninformation: ConfectionInputSchema,
  medicalinformation: MedicalInputSchema,
  additionalinformation: AdditionalInputSchema,
};

export const FORMS: Record<PersonalItemKind, FieldDef[]> = {
  address: [
    { name: 'street', type: 'text', required: true },
    { name: 'streetNumber', type: 'text' },
    { name: 'addition', type: 'text' },
    { name: 'zip', type: 'text', required: true },
    { name: 'city', type: 'text', required: true },
    { name: 'country', type: 'text' },
    { name: 'countryCode', type: 'text' },
    { name: 'description', type: 'text' },
  ],
  mail: [
    { name: 'email', type: 'email', required: true },
    { name: 'description', type: 'text' },
    { name: 'isDefault', type: 'checkbox' },
  ],
  phone: [
    { name: 'number', type: 'tel', required: true },
    { name: 'type', type: 'select', options: PHONE_TYPES, default: 'mobile' },
    { name: 'description', type: 'text' },
    { name: 'isDefault', type: 'checkbox' },
  ],
  bankaccount: [
    { name: 'iban', type: 'text', required: true },
    { name: 'bic', type: 'text' },
    { name: 'accountOwner', type: 'text' },
    { name: 'bank', type: 'text' },
    { name: 'name', type: 'text' },
    { name: 'description', type: 'text' },
    { name: 'isDefault', type: 'checkbox' },
  ],
  confectioninformation: [
    { name: 'clothingPartType', type: 'select', options: CLOTHING_PART_TYPES, required: true },
    { name: 'confectionSize', type: 'number', required: true },
    { name: 'name', type: 'text' },
  ],
  medicalinformation: [
    { name: 'type', type: 'select', options: MEDICAL_TYPES, required: true },
    { name: 'name', type: 'text', required: true },
    { name: 'description', type: 'textarea' },
  ],
  additionalinformation: [
    { name: 'name', type: 'text', required: true },
    { name: 'description', type: 'textarea', required: true },
  ],
};

const s = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** One line describing an item, in the UI language. */
export function describeItem(kind: PersonalItemKind, item: PersonalItem, t: TFunction): string {
  switch (kind) {
    case 'address':
      return `${s(item.street)} ${s(item.streetNumber)}, ${s(item.zip)} ${s(item.city)}`
        .replace(/\s+,/, ',')
        .trim();
    case 'mail':
      return s(item.email);
    case 'phone':
      return s(item.displayNumber) || s(item.number);
    case 'bankaccount':
      return `${formatIban(s(item.iban))}${item.accountOwner ? ` · ${s(item.accountOwner)}` : ''}`;
    case 'confectioninformation':
      return `${t(`options.confectioninformation.${s(item.clothingPartType)}`)} ${s(item.confectionSize)}${item.name ? ` (${s(item.name)})` : ''}`;
    case 'medicalinformation':
      return `${t(`options.medicalinformation.${s(item.type)}`)}: ${s(item.name)}`;
    case 'additionalinformation':
      return `${s(item.name)}: ${s(item.description)}`;
  }
}
