import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { DbOrTx } from '../../db/client.ts';
import type { FileStore } from '../media/index.ts';
import { eventsRepository } from './events.repository.ts';

/** Stored file names are generated UUIDs: nothing a user sends ever becomes part of a path. */
const STORAGE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The file store's name of an event document: events/<eventId>/<storage key>. */
export function eventFileName(eventId: string, storageKey: string): string {
  if (!STORAGE_KEY.test(eventId) || !STORAGE_KEY.test(storageKey)) throw new Error('invalid storage key');
  return `events/${eventId}/${storageKey}`;
}

/** Writes the bytes to the file store as events/<eventId>/<generated key> and records the metadata. */
export async function storeEventDocument(
  db: DbOrTx,
  files: FileStore,
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
  await files.put(eventFileName(input.eventId, storageKey), Buffer.from(input.bytes), db);
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
    await files.delete(eventFileName(input.eventId, storageKey), db);
    return input.id!;
  }
  return id;
}
