import type { Database, DbOrTx } from '../../db/client.ts';
import { assertStoreKey, type FileStore } from './file-store.ts';
import { fileBlobsRepository } from './media.repository.ts';

/** Files as rows of `file_blobs` (bytea) in the portal's own database: shared by every instance, in every backup. */
export class PostgresFileStore implements FileStore {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async put(name: string, data: Buffer, tx?: DbOrTx): Promise<void> {
    await fileBlobsRepository.put(tx ?? this.db, assertStoreKey(name), data);
  }

  async get(name: string): Promise<Buffer | null> {
    return fileBlobsRepository.get(this.db, assertStoreKey(name));
  }

  async delete(name: string, tx?: DbOrTx): Promise<void> {
    await fileBlobsRepository.delete(tx ?? this.db, assertStoreKey(name));
  }
}
