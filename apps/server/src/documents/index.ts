/**
 * Documents (invoice PDFs, XLSX exports, and uploaded CSV to read) are handled in a small pool of worker threads
 * (Piscina), not on the event loop that answers every other request (ADR 0036). The pool is bounded: at most
 * `threads` documents render at once and `maxQueue` wait; beyond that a request gets 503 `documents.busy` with
 * Retry-After instead of a queue that grows without limit. Threads start on the first document and end after a
 * minute without one, so an instance that renders nothing keeps neither pdfkit nor exceljs in memory.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { InvoiceDetail } from '@vereinsheim/contracts';
import type { Language } from '../lib/i18n.ts';
import { problem } from '../lib/problem.ts';
import { isPoolBusy } from '../lib/worker-pool.ts';
import type { CsvRead } from './csv.ts';
import type { XlsxSheet } from './xlsx.ts';

export type { CsvRead } from './csv.ts';
export type { XlsxSheet } from './xlsx.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's document renderer (app.ts); routes get it as a dependency, tests look at its pool. */
    documents: DocumentRenderer;
  }
}

export type DocumentTask =
  | { kind: 'invoicePdf'; invoice: InvoiceDetail; lng: Language }
  | { kind: 'xlsx'; sheet: XlsxSheet }
  | { kind: 'csv'; text: string };

export interface DocumentRenderer {
  /** The invoice as PDF in a language (the reader's). */
  invoicePdf(invoice: InvoiceDetail, lng: Language): Promise<Buffer>;
  xlsx(sheet: XlsxSheet): Promise<Buffer>;
  /** Reads an uploaded CSV text (a member import) into header and records. */
  readCsv(text: string): Promise<CsvRead>;
  /** Documents rendered so far (by the worker threads). */
  readonly completed: number;
  close(): Promise<void>;
}

export interface DocumentRendererOptions {
  /** Worker threads at most (default: one per core beyond the first, at least one, at most four). */
  threads?: number;
  /** Documents waiting for a thread at most (default 32; 0: none wait, a document needs an idle thread). */
  maxQueue?: number;
}

const WORKER = new URL('./documents.worker.ts', import.meta.url).href;
const IDLE_MS = 60_000;

export function createDocumentRenderer(options: DocumentRendererOptions = {}): DocumentRenderer {
  const threads = options.threads ?? Math.min(4, Math.max(1, availableParallelism() - 1));
  const pool = new Piscina<DocumentTask, Uint8Array | CsvRead>({
    filename: WORKER,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: IDLE_MS,
    maxQueue: options.maxQueue ?? 32,
  });

  async function run(task: DocumentTask): Promise<Uint8Array | CsvRead> {
    try {
      return await pool.run(task);
    } catch (error) {
      if (isPoolBusy(error)) throw problem(503, 'documents.busy');
      throw error;
    }
  }

  /** A rendered file: the worker's Buffer arrives as a plain Uint8Array (structured clone); same memory, Buffer's API. */
  async function file(task: DocumentTask): Promise<Buffer> {
    const bytes = (await run(task)) as Uint8Array;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  return {
    invoicePdf: (invoice, lng) => file({ kind: 'invoicePdf', invoice, lng }),
    xlsx: (sheet) => file({ kind: 'xlsx', sheet }),
    readCsv: async (text) => (await run({ kind: 'csv', text })) as CsvRead,
    get completed() {
      return pool.completed;
    },
    close: () => pool.destroy(),
  };
}
