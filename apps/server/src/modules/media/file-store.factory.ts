import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { LocalFileStore, type FileStore } from './file-store.ts';
import { PostgresFileStore } from './file-store.postgres.ts';
import { S3FileStore } from './file-store.s3.ts';

/** The store FILE_STORE names: postgres (default), s3 or local. */
export function fileStoreFor(config: Config, db: Database): FileStore {
  const files = config.files;
  if (files.kind === 's3') return new S3FileStore(files.s3);
  if (files.kind === 'local') return new LocalFileStore(path.join(config.dataDir, 'files'));
  return new PostgresFileStore(db);
}
