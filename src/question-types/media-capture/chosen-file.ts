import type { MediaType } from '../../shared/constants';
import { kindsOf, sniffMediaKind, SNIFF_BYTES } from '../../shared/media-kinds';
import { CHOSEN_PHOTO_MAX_SIDE, PHOTO_QUALITY } from './camera-platform';

/**
 * What the file picker offers for each kind, a hint only ("All files" gets around it): any image
 * the browser can read, as it is redrawn as a JPEG (below); the video types the server stores,
 * and QuickTime, as iPhones record it (an ISO media file the server takes as MP4 by its bytes).
 */
export const ACCEPTED_FILES: Record<MediaType, string> = {
  photo: 'image/*',
  video: [...kindsOf('video').map((kind) => kind.mime), 'video/quicktime'].join(','),
};

/** The formats a photo or video may be, as the patient reads them: "JPEG, PNG". */
export const acceptedFormats = (kind: MediaType) =>
  kindsOf(kind)
    .map((accepted) => accepted.label)
    .join(', ');

/** Whether a file is a photo or video the server stores, judged as it judges: by its bytes. */
async function isStoredKind(kind: MediaType, file: Blob): Promise<boolean> {
  const head = await file
    .slice(0, SNIFF_BYTES)
    .arrayBuffer()
    .catch(() => null);
  return head !== null && sniffMediaKind(new Uint8Array(head))?.mediaType === kind;
}

/**
 * A chosen photo redrawn as a JPEG like the camera's, at most CHOSEN_PHOTO_MAX_SIDE pixels on
 * its longer side: a phone's 12-megapixel picture shrinks to a fraction, and its metadata (the
 * place it was taken, the device) stays on the phone.
 */
async function redrawnPhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, CHOSEN_PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob && blob.size > 0 ? resolve(blob) : reject(new Error('empty photo'))),
      'image/jpeg',
      PHOTO_QUALITY,
    ),
  );
}

/**
 * What a file chosen instead of the camera is uploaded as: a photo redrawn (see above) when the
 * browser can read it, whatever its format; otherwise the file as it is when the server would
 * store it by its bytes; null for anything else, refused before a byte is uploaded or kept.
 */
export async function chosenUpload(
  kind: MediaType,
  file: File,
): Promise<{ blob: Blob; filename: string } | null> {
  if (kind === 'photo') {
    const photo = await redrawnPhoto(file).catch(() => null);
    if (photo) return { blob: photo, filename: 'photo.jpg' };
  }
  return (await isStoredKind(kind, file)) ? { blob: file, filename: file.name || kind } : null;
}
