/** The file store for uploads and its public route. */
export { fileNameOfUrl, type FileStore } from './file-store.ts';
export { fileStoreFor } from './file-store.factory.ts';
export { mediaFilesRoutes } from './media.routes.ts';
