import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import type { ClubSettings, ClubSettingsInput } from '@vereinsheim/contracts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { bankOfGermanIban } from '../../lib/bank-codes.ts';
import { problem } from '../../lib/problem.ts';
import { authorize, notVisible, type Actor } from '../../policy/index.ts';
import { maskIban, writeLog, type LogChange } from '../activity-log/index.ts';
import { clubAdminRepository as repo } from './club-admin.repository.ts';

type SettingsRow = NonNullable<Awaited<ReturnType<typeof repo.clubSettings>>>;

const manage = (actor: Actor, tenantId: string) =>
  authorize(actor, 'club.settings.manage', { type: 'club', tenantId });

/** A club's invoices carry a GiroCode when it has an account owner and a valid IBAN. */
export function clubPayee(row: SettingsRow) {
  if (!row.bankAccountOwner || !row.bankIban || !isValidIBAN(row.bankIban)) return null;
  return {
    accountOwner: row.bankAccountOwner,
    iban: row.bankIban,
    bic: row.bankBic,
    bankName: row.bankName,
  };
}

function toSettings(tenantId: string, row: SettingsRow): ClubSettings {
  return {
    tenantId,
    ...row,
    girocode: clubPayee(row) !== null,
    invoiceDataComplete: Boolean(row.street && row.city && (row.taxNumber || row.vatId)),
  };
}

async function settingsOrNotFound(db: DbOrTx, tenantId: string): Promise<SettingsRow> {
  const row = await repo.clubSettings(db, tenantId);
  if (!row) throw notVisible('club');
  return row;
}

export const clubSettingsService = {
  async get(db: Database, actor: Actor, tenantId: string): Promise<ClubSettings> {
    await manage(actor, tenantId);
    return toSettings(tenantId, await settingsOrNotFound(db, tenantId));
  },

  /**
   * Replaces the club's invoice data. The IBAN must be valid (ibantools); BIC and bank name are taken from a
   * German IBAN's bank code when left empty. Bank data without an account owner (or the reverse) is refused.
   */
  async update(
    db: Database,
    actor: Actor,
    tenantId: string,
    input: ClubSettingsInput,
  ): Promise<ClubSettings> {
    await manage(actor, tenantId);
    let iban: string | null = null;
    if (input.bankIban) {
      iban = electronicFormatIBAN(input.bankIban) ?? '';
      if (!isValidIBAN(iban)) {
        throw problem(400, 'iban.invalid', {
          errors: [{ field: 'bankIban', code: 'iban', message: 'iban' }],
        });
      }
    }
    let bic = input.bankBic ? input.bankBic.replace(/\s+/g, '').toUpperCase() : null;
    if (bic && !isValidBIC(bic)) {
      throw problem(400, 'bic.invalid', {
        errors: [{ field: 'bankBic', code: 'invalidFormat', message: 'invalidFormat' }],
      });
    }
    const owner = input.bankAccountOwner ?? null;
    if (iban && !owner) {
      throw problem(400, 'clubSettings.ownerMissing', {
        errors: [{ field: 'bankAccountOwner', code: 'required', message: 'required' }],
      });
    }
    if (!iban && (owner || bic || input.bankName)) {
      throw problem(400, 'clubSettings.ibanMissing', {
        errors: [{ field: 'bankIban', code: 'required', message: 'required' }],
      });
    }
    const bank = iban ? bankOfGermanIban(iban) : undefined;
    bic ??= bank?.bic ?? null;
    const values = {
      street: input.street ?? null,
      city: input.city ?? null,
      taxNumber: input.taxNumber ?? null,
      vatId: input.vatId ?? null,
      bankAccountOwner: owner,
      bankIban: iban,
      bankBic: iban ? bic : null,
      bankName: iban ? (input.bankName ?? bank?.bankName ?? null) : null,
    };
    return db.transaction(async (tx) => {
      const before = await settingsOrNotFound(tx, tenantId);
      const changes: LogChange[] = [];
      for (const field of Object.keys(values) as (keyof typeof values)[]) {
        if (before[field] === values[field]) continue;
        const masked = (v: string | null) => (field === 'bankIban' && v ? maskIban(v) : v);
        changes.push({ field, old: masked(before[field]), new: masked(values[field]) });
      }
      if (changes.length === 0) return toSettings(tenantId, before);
      await repo.updateClubSettings(tx, tenantId, values);
      await writeLog(tx, {
        personId: actor.personId,
        actorPersonId: actor.personId,
        action: 'updated',
        entityKind: 'club',
        entityId: tenantId,
        tenantId,
        summary: { key: 'log.club.settingsChanged', params: { club: before.name } },
        changes,
      });
      return toSettings(tenantId, { ...before, ...values });
    });
  },
};
