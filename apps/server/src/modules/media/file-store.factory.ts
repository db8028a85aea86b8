import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { LocalFileStore, type FileStore } from './file-store.ts';
import { PostgresFileStore } from './file-store.postgres.ts';

/**
 * The store FILE_STORE names: postgres (default), s3 or local. The S3 client (6 MB of heap) is imported only for
 * FILE_STORE=s3, so that the other stores do not carry it (ADR 0036's amendment).
 */
export async function fileStoreFor(config: Config, db: Database): Promise<FileStore> {
  const files = config.files;
  if (files.kind === 's3') {
    const { S3FileStore } = await import('./file-store.s3.ts');
    return new S3FileStore(files.s3);
  }
  if (files.kind === 'local') return new LocalFileStore(path.join(config.dataDir, 'files'));
  return new PostgresFileStore(db);
}
