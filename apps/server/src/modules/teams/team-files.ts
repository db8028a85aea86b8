import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { DbOrTx } from '../../db/client.ts';
import type { FileStore } from '../media/index.ts';
import { teamsRepository } from './teams.repository.ts';

/** Storage keys and team ids are UUIDs: nothing a user sends ever becomes part of a path. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The file store's name of a team document: teams/<teamId>/<storage key>. */
export function teamFileName(teamId: string, storageKey: string): string {
  if (!UUID.test(teamId) || !UUID.test(storageKey)) throw new Error('invalid team file key');
  return `teams/${teamId}/${storageKey}`;
}

/** The name without directories, control characters, quotes or backslashes; at most 200 characters. */
export function safeFileName(name: string): string {
  const cleaned = [...path.basename(name)]
    .map((ch) => (ch.charCodeAt(0) < 0x20 || ch === '"' || ch === '\\' ? '_' : ch))
    .join('')
    .slice(0, 200);
  return cleaned || 'datei';
}

/** Writes the bytes to the file store as teams/<teamId>/<generated key> and records the metadata. */
export async function storeTeamDocument(
  db: DbOrTx,
  files: FileStore,
  input: {
    id?: string;
    tenantId: string;
    teamId: string;
    name: string;
    fileName: string;
    contentType: string;
    bytes: Uint8Array;
    createdAt?: Date;
  },
): Promise<string> {
  const storageKey = randomUUID();
  const file = teamFileName(input.teamId, storageKey);
  await files.put(file, Buffer.from(input.bytes), db);
  const fileName = safeFileName(input.fileName);
  const id = await teamsRepository.insertDocument(db, {
    ...(input.id ? { id: input.id } : {}),
    tenantId: input.tenantId,
    teamId: input.teamId,
    name: input.name,
    fileName,
    contentType: input.contentType,
    size: input.bytes.byteLength,
    storageKey,
    ...(input.createdAt ? { createdAt: input.createdAt } : {}),
  });
  if (!id) {
    // Already recorded (idempotent seeding): drop the extra copy.
    await files.delete(file, db);
    return input.id!;
  }
  return id;
}

export async function readTeamFile(
  files: FileStore,
  teamId: string,
  storageKey: string,
): Promise<Buffer | null> {
  return files.get(teamFileName(teamId, storageKey));
}
