import type { Tx } from '../db/client.ts';
import {
  additionalInformations,
  addresses,
  approvals,
  bankAccounts,
  confectionInformations,
  itemSharing,
  logMessages,
  mailAddresses,
  medicalInformations,
  phoneNumbers,
} from '../db/schema/index.ts';
import { demoId, demoPersonId, demoTenantId } from './ids.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

type Kind = (typeof itemSharing.$inferInsert)['itemKind'];

interface Share {
  kind: Kind;
  item: string;
  club: string;
  isDefault?: boolean;
  intern?: boolean;
  extern?: boolean;
  lockedReason?: string;
}

/**
 * The demo persons' personal data: addresses, mails, phones, a bank account (valid test IBAN),
 * clothing sizes, an allergy, sharing with their clubs (one locked) and a history of log entries.
 * Idempotent: fixed ids, existing rows are left alone.
 */
export async function seedPersonalData(tx: Tx): Promise<void> {
  const mia = demoPersonId('demo');
  const jonas = demoPersonId('pruefer');
  const sabine = demoPersonId('vorstand');
  const tsv = demoTenantId('tsv-gruenwald');
  const sc = demoTenantId('sc-rheinaue');
  const id = (name: string) => demoId(`personal:${name}`);
  const owned = (personId: string, days: number) => ({
    personId,
    createdBy: personId,
    createdAt: daysAgo(days),
    updatedAt: daysAgo(days),
  });

  await tx
    .insert(addresses)
    .values([
      {
        id: id('mia:address'),
        ...owned(mia, 120),
        street: 'Tölzer Straße',
        streetNumber: '12',
        zip: '82031',
        city: 'Grünwald',
        country: 'Deutschland',
        countryCode: 'DE',
        description: 'Wohnung',
      },
      {
        id: id('mia:address2'),
        ...owned(mia, 40),
        street: 'Rheinuferstraße',
        streetNumber: '3',
        addition: 'c/o Studio Hoffmann',
        zip: '50679',
        city: 'Köln',
        country: 'Deutschland',
        countryCode: 'DE',
        description: 'Arbeit',
      },
      {
        id: id('jonas:address'),
        ...owned(jonas, 200),
        street: 'Maximilianstraße',
        streetNumber: '41',
        zip: '86150',
        city: 'Augsburg',
        countryCode: 'DE',
      },
      {
        id: id('sabine:address'),
        ...owned(sabine, 300),
        street: 'Seestraße',
        streetNumber: '8',
        zip: '82319',
        city: 'Starnberg',
        countryCode: 'DE',
      },
    ])
    .onConflictDoNothing();

  await tx
    .insert(mailAddresses)
    .values([
      {
        id: id('mia:mail'),
        ...owned(mia, 120),
        email: 'mia.hoffmann@example.org',
        isDefault: true,
        description: 'privat',
      },
      { id: id('mia:mail2'), ...owned(mia, 30), email: 'mia@studio-hoffmann.example', description: 'Arbeit' },
      { id: id('jonas:mail'), ...owned(jonas, 200), email: 'jonas.becker@example.org', isDefault: true },
      { id: id('sabine:mail'), ...owned(sabine, 300), email: 'sabine.wagner@example.org', isDefault: true },
    ])
    .onConflictDoNothing();

  await tx
    .insert(phoneNumbers)
    .values([
      { id: id('mia:phone'), ...owned(mia, 118), number: '+491701234567', type: 'mobile', isDefault: true },
      { id: id('mia:phone2'), ...owned(mia, 60), number: '+49896412345', type: 'landline' },
      {
        id: id('jonas:phone'),
        ...owned(jonas, 200),
        number: '+491609876543',
        type: 'mobile',
        isDefault: true,
      },
      {
        id: id('sabine:phone'),
        ...owned(sabine, 300),
        number: '+4981515550123',
        type: 'landline',
        isDefault: true,
      },
    ])
    .onConflictDoNothing();

  await tx
    .insert(bankAccounts)
    .values([
      {
        id: id('mia:bank'),
        ...owned(mia, 110),
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        bankcode: '37040044',
        name: 'Girokonto',
        accountOwner: 'Mia Hoffmann',
        bank: 'Commerzbank',
        isDefault: true,
      },
      {
        id: id('sabine:bank'),
        ...owned(sabine, 300),
        iban: 'DE02120300000000202051',
        bic: 'BYLADEM1001',
        bankcode: '12030000',
        accountOwner: 'Dr. Sabine Wagner',
        bank: 'Deutsche Kreditbank Berlin',
        isDefault: true,
      },
    ])
    .onConflictDoNothing();

  await tx
    .insert(confectionInformations)
    .values([
      {
        id: id('mia:shirt'),
        ...owned(mia, 100),
        confectionSize: 38,
        clothingPartType: 'chest',
        name: 'Vereinstrikot',
      },
      {
        id: id('mia:pants'),
        ...owned(mia, 100),
        confectionSize: 36,
        clothingPartType: 'pants',
        name: 'Trainingshose',
      },
      {
        id: id('mia:shoe'),
        ...owned(mia, 99),
        confectionSize: 39,
        clothingPartType: 'shoe',
        name: 'Hallenschuh',
      },
      {
        id: id('jonas:shirt'),
        ...owned(jonas, 150),
        confectionSize: 52,
        clothingPartType: 'chest',
        name: 'Trikot',
      },
    ])
    .onConflictDoNothing();

  await tx
    .insert(medicalInformations)
    .values([
      {
        id: id('mia:allergy'),
        ...owned(mia, 90),
        type: 'allergy',
        name: 'Wespenstich',
        description: 'Notfallset (Adrenalin-Pen) in der Sporttasche.',
      },
    ])
    .onConflictDoNothing();

  await tx
    .insert(additionalInformations)
    .values([
      {
        id: id('mia:info'),
        ...owned(mia, 80),
        name: 'Rettungsschwimmer',
        description: 'Deutsches Rettungsschwimmabzeichen Silber (2023)',
      },
    ])
    .onConflictDoNothing();

  const shares: Share[] = [
    { kind: 'address', item: id('mia:address'), club: tsv, isDefault: true, intern: true },
    { kind: 'address', item: id('mia:address'), club: sc, isDefault: true },
    { kind: 'mail', item: id('mia:mail'), club: tsv, isDefault: true, intern: true, extern: true },
    { kind: 'mail', item: id('mia:mail'), club: sc, isDefault: true, intern: true },
    { kind: 'phone', item: id('mia:phone'), club: tsv, isDefault: true, intern: true },
    {
      kind: 'bankaccount',
      item: id('mia:bank'),
      club: tsv,
      isDefault: true,
      lockedReason: 'Wird für den SEPA-Lastschrifteinzug des Mitgliedsbeitrags benötigt.',
    },
    { kind: 'confectioninformation', item: id('mia:shirt'), club: tsv, isDefault: true },
    { kind: 'medicalinformation', item: id('mia:allergy'), club: sc, isDefault: true },
    { kind: 'address', item: id('jonas:address'), club: tsv, isDefault: true, intern: true },
    { kind: 'mail', item: id('jonas:mail'), club: tsv, isDefault: true, intern: true, extern: true },
    { kind: 'address', item: id('sabine:address'), club: tsv, isDefault: true, intern: true },
    { kind: 'mail', item: id('sabine:mail'), club: tsv, isDefault: true, intern: true, extern: true },
    { kind: 'phone', item: id('sabine:phone'), club: tsv, isDefault: true, extern: true },
    { kind: 'bankaccount', item: id('sabine:bank'), club: tsv, isDefault: true },
  ];
  const ownerOf = (item: string) =>
    [id('jonas:address'), id('jonas:mail')].includes(item)
      ? jonas
      : [id('sabine:address'), id('sabine:mail'), id('sabine:phone'), id('sabine:bank')].includes(item)
        ? sabine
        : mia;
  await tx
    .insert(itemSharing)
    .values(
      shares.map((s) => ({
        id: demoId(`sharing:${s.item}:${s.club}`),
        personId: ownerOf(s.item),
        itemKind: s.kind,
        itemId: s.item,
        tenantId: s.club,
        isDefault: s.isDefault ?? false,
        intern: s.intern ?? false,
        extern: s.extern ?? false,
        locked: !!s.lockedReason,
        lockedReason: s.lockedReason ?? null,
      })),
    )
    .onConflictDoNothing();

  await tx
    .insert(approvals)
    .values([
      {
        id: id('mia:approval:tsv'),
        personId: mia,
        tenantId: tsv,
        kind: 'privacy',
        version: '2025-01',
        approvedAt: daysAgo(120),
      },
      {
        id: id('jonas:approval:tsv'),
        personId: jonas,
        tenantId: tsv,
        kind: 'privacy',
        version: '2025-01',
        approvedAt: daysAgo(200),
      },
      {
        id: id('sabine:approval:tsv'),
        personId: sabine,
        tenantId: tsv,
        kind: 'privacy',
        version: '2025-01',
        approvedAt: daysAgo(300),
      },
      {
        id: id('sabine:terms:tsv'),
        personId: sabine,
        tenantId: tsv,
        kind: 'terms',
        version: '2025-01',
        approvedAt: daysAgo(300),
      },
    ])
    .onConflictDoNothing();

  const log = (
    key: string,
    days: number,
    entry: Omit<typeof logMessages.$inferInsert, 'id' | 'createdAt' | 'personId' | 'actorPersonId'> & {
      personId?: string;
      actorPersonId?: string | null;
    },
  ) => ({
    id: id(`log:${key}`),
    personId: mia,
    actorPersonId: entry.actorPersonId === undefined ? (entry.personId ?? mia) : entry.actorPersonId,
    createdAt: daysAgo(days),
    ...entry,
  });
  await tx
    .insert(logMessages)
    .values([
      log('mia:approval', 120, {
        action: 'approved',
        entityKind: 'approval',
        tenantId: tsv,
        summaryKey: 'log.approval.approved',
        summaryParams: {
          document: { key: 'log.approvalKind.privacy' },
          club: 'TSV Grünwald 1894 e.V.',
          version: '2025-01',
        },
      }),
      log('mia:address', 120, {
        action: 'created',
        entityKind: 'address',
        entityId: id('mia:address'),
        summaryKey: 'log.item.created',
        summaryParams: { kind: { key: 'log.kind.address' }, item: 'Tölzer Straße 10, 82031 Grünwald' },
      }),
      log('mia:address:shared', 119, {
        action: 'shared',
        entityKind: 'address',
        entityId: id('mia:address'),
        tenantId: tsv,
        summaryKey: 'log.item.shared',
        summaryParams: {
          kind: { key: 'log.kind.address' },
          item: 'Tölzer Straße 10, 82031 Grünwald',
          club: 'TSV Grünwald 1894 e.V.',
          view: { key: 'log.view.intern' },
        },
      }),
      log('mia:phone', 118, {
        action: 'created',
        entityKind: 'phone',
        entityId: id('mia:phone'),
        summaryKey: 'log.item.created',
        summaryParams: { kind: { key: 'log.kind.phone' }, item: '+49 170 1234567' },
      }),
      log('mia:bank', 110, {
        action: 'created',
        entityKind: 'bankaccount',
        entityId: id('mia:bank'),
        summaryKey: 'log.item.created',
        summaryParams: { kind: { key: 'log.kind.bankaccount' }, item: 'IBAN DE89 **** **** **** **** 00' },
      }),
      log('mia:bank:shared', 110, {
        action: 'shared',
        entityKind: 'bankaccount',
        entityId: id('mia:bank'),
        tenantId: tsv,
        summaryKey: 'log.item.shared',
        summaryParams: {
          kind: { key: 'log.kind.bankaccount' },
          item: 'IBAN DE89 **** **** **** **** 00',
          club: 'TSV Grünwald 1894 e.V.',
          view: { key: 'log.view.default' },
        },
      }),
      log('mia:allergy', 90, {
        action: 'created',
        entityKind: 'medicalinformation',
        entityId: id('mia:allergy'),
        summaryKey: 'log.item.created',
        summaryParams: {
          kind: { key: 'log.kind.medicalinformation' },
          item: {
            key: 'log.describe.medical',
            params: { type: { key: 'log.value.medicalinformation.type.allergy' }, name: 'Wespenstich' },
          },
        },
      }),
      log('mia:address:updated', 45, {
        action: 'updated',
        entityKind: 'address',
        entityId: id('mia:address'),
        summaryKey: 'log.item.updated',
        summaryParams: { kind: { key: 'log.kind.address' } },
        changes: [{ field: 'streetNumber', old: '10', new: '12' }],
      }),
      log('mia:person', 20, {
        action: 'updated',
        entityKind: 'person',
        entityId: mia,
        summaryKey: 'log.person.updated',
        changes: [{ field: 'birthplace', old: 'Muenchen', new: 'München' }],
      }),
      log('sabine:bank', 300, {
        personId: sabine,
        action: 'created',
        entityKind: 'bankaccount',
        entityId: id('sabine:bank'),
        summaryKey: 'log.item.created',
        summaryParams: { kind: { key: 'log.kind.bankaccount' }, item: 'IBAN DE02 **** **** **** **** 51' },
      }),
      log('jonas:address', 200, {
        personId: jonas,
        action: 'created',
        entityKind: 'address',
        entityId: id('jonas:address'),
        summaryKey: 'log.item.created',
        summaryParams: { kind: { key: 'log.kind.address' }, item: 'Maximilianstraße 41, 86150 Augsburg' },
      }),
    ])
    .onConflictDoNothing();
}
