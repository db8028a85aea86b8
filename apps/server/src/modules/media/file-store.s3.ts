import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertStoreKey, type FileStore } from './file-store.ts';

export interface S3Settings {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, Ceph, a hoster's object storage); unset → AWS. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path instead of the host name (most self-hosted S3 servers). */
  forcePathStyle: boolean;
  /** A prefix for every key, e.g. `vereinsheim/`. */
  prefix: string;
}

/** Files as objects of an S3-compatible bucket (PutObject / GetObject / DeleteObject). */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  private readonly settings: S3Settings;
  constructor(settings: S3Settings) {
    this.settings = settings;
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? {
            credentials: {
              accessKeyId: settings.accessKeyId,
              secretAccessKey: settings.secretAccessKey,
            },
          }
        : {}),
    });
  }

  private key(name: string): string {
    return `${this.settings.prefix}${assertStoreKey(name)}`;
  }

  async put(name: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name), Body: data }),
    );
  }

  async get(name: string): Promise<Buffer | null> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) }),
      );
      if (!res.Body) return null;
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) }));
  }

  close(): void {
    this.client.destroy();
  }
}
