/** The file store for uploads and its public route. */
export { fileNameOfUrl, fileStoreFor, type FileStore } from './file-store.ts';
export { mediaFilesRoutes } from './media.routes.ts';
