import type { MediaStore } from './media-store';

/** Media: photos and videos uploaded, sealed in the store, played back, and cleaned up. */
export { createMediaStore } from './create-media-store';
export { availableSize, logUnavailable, readAvailable } from './media-availability';
export {
  deleteUploadsOfAssessment,
  savableUploadType,
  uploadPathsOfAccount,
  uploadsOfAssessment,
} from './media-repository';
export { type MediaStore } from './media-store';
export { mediaMessages } from './messages';
export { mediaRoutes } from './routes';
export { removeResumableUploadsOf, removeUnreferencedUploads } from './upload-cleanup';
export {
  discardUnreferencedUpload,
  removeFilesOfDeletedRows,
  UNSAVED_UPLOAD_GRACE_MS,
  type RemovalDeps,
} from './upload-removal';

declare module '../../platform/http/app-instance' {
  interface AppDeps {
    /** Where photos and videos are kept, sealed: a folder or an S3 bucket. */
    media: MediaStore;
  }
}
