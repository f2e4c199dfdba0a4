import type { Config } from '../../platform/config';
import { mediaKeyring } from './media-keys';
import { createLocalMediaStore, type MediaStore } from './media-store';
import { createS3MediaStore } from './s3-media-store';

/** The media store the configuration names: DATA_DIR/media by default, or the S3 bucket. */
export function createMediaStore(
  config: Pick<Config, 'mediaDir' | 'mediaKey' | 'mediaOldKeys' | 'mediaStore'>,
): MediaStore {
  const keys = mediaKeyring(config.mediaKey, config.mediaOldKeys);
  if (config.mediaStore.kind !== 's3') return createLocalMediaStore(config.mediaDir, keys);
  // Resumable uploads too are parts in the bucket: any instance can take their next PATCH.
  return { ...createS3MediaStore(config.mediaStore, keys), keys };
}
