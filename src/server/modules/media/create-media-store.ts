import type { Config } from '../../config';
import { mediaKeyring } from './media-keys';
import { createLocalMediaStore, type MediaStore } from './media-store';
import { createS3MediaStore } from './s3-media-store';

/** The media store the configuration names: DATA_DIR/media by default, or the S3 bucket. */
export function createMediaStore(
  config: Pick<Config, 'mediaDir' | 'mediaKey' | 'mediaOldKeys' | 'mediaStore'>,
): MediaStore {
  const keys = mediaKeyring(config.mediaKey, config.mediaOldKeys);
  return config.mediaStore.kind === 's3'
    ? createS3MediaStore(config.mediaStore, keys)
    : createLocalMediaStore(config.mediaDir, keys);
}
