import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { DbOrTx } from '../../db/client.ts';
import { eventsRepository } from './events.repository.ts';

/** Stored file names are generated UUIDs: nothing a user sends ever becomes part of a path. */
const STORAGE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function eventFilesDir(dataDir: string, eventId: string): string {
  if (!STORAGE_KEY.test(eventId)) throw new Error('invalid event id for a file path');
  return path.join(dataDir, 'files', 'events', eventId);
}

export function eventFilePath(dataDir: string, eventId: string, storageKey: string): string {
  if (!STORAGE_KEY.test(storageKey)) throw new Error('invalid storage key');
  return path.join(eventFilesDir(dataDir, eventId), storageKey);
}

/** Writes the bytes under DATA_DIR/files/events/<eventId>/<generated key> and records the metadata. */
export async function storeEventDocument(
  db: DbOrTx,
  dataDir: string,
  input: {
    id?: string;
    tenantId: string;
    eventId: string;
    fileName: string;
    contentType: string;
    bytes: Uint8Array;
  },
): Promise<string> {
  const storageKey = randomUUID();
  await fs.mkdir(eventFilesDir(dataDir, input.eventId), { recursive: true });
  await fs.writeFile(eventFilePath(dataDir, input.eventId, storageKey), input.bytes);
  const fileName =
    [...path.basename(input.fileName)]
      .map((c) => (c.charCodeAt(0) < 0x20 || c === '"' || c === '\\' ? '_' : c))
      .join('')
      .slice(0, 200) || 'datei';
  const id = await eventsRepository.insertDocument(db, {
    ...(input.id ? { id: input.id } : {}),
    tenantId: input.tenantId,
    eventId: input.eventId,
    fileName,
    contentType: input.contentType,
    size: input.bytes.byteLength,
    storageKey,
  });
  if (!id) {
    // Already recorded (idempotent seeding): drop the extra copy.
    await fs.rm(eventFilePath(dataDir, input.eventId, storageKey), { force: true });
    return input.id!;
  }
  return id;
}
