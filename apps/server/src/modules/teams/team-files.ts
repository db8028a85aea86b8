import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { DbOrTx } from '../../db/client.ts';
import { teamsRepository } from './teams.repository.ts';

/** Storage keys and team ids are UUIDs: nothing a user sends ever becomes part of a path. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function teamFilePath(dataDir: string, teamId: string, storageKey: string): string {
  if (!UUID.test(teamId) || !UUID.test(storageKey)) throw new Error('invalid team file key');
  return path.join(dataDir, 'files', 'teams', teamId, storageKey);
}

/** The name without directories, control characters, quotes or backslashes; at most 200 characters. */
export function safeFileName(name: string): string {
  const cleaned = [...path.basename(name)]
    .map((ch) => (ch.charCodeAt(0) < 0x20 || ch === '"' || ch === '\\' ? '_' : ch))
    .join('')
    .slice(0, 200);
  return cleaned || 'datei';
}

/** Writes the bytes under DATA_DIR/files/teams/<teamId>/<generated key> and records the metadata. */
export async function storeTeamDocument(
  db: DbOrTx,
  dataDir: string,
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
  const file = teamFilePath(dataDir, input.teamId, storageKey);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, input.bytes);
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
    await fs.rm(file, { force: true });
    return input.id!;
  }
  return id;
}

export async function readTeamFile(
  dataDir: string,
  teamId: string,
  storageKey: string,
): Promise<Buffer | null> {
  try {
    return await fs.readFile(teamFilePath(dataDir, teamId, storageKey));
  } catch {
    return null;
  }
}
