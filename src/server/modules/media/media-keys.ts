import { createHash } from 'node:crypto';

/** An AES-256 media key and the id written into every file sealed with it. */
export interface MediaKey {
  /** 8 bytes derived from the key: names it in a file's header without revealing it. */
  id: Buffer;
  key: Buffer;
}

/**
 * The key new files are sealed with, and every key a stored file may name: after a rotation
 * (MEDIA_ENCRYPTION_KEY = the new key, MEDIA_ENCRYPTION_OLD_KEYS = the earlier ones) new uploads
 * use the new key and older files stay readable.
 */
export interface MediaKeyring {
  current: MediaKey;
  /** The key with this id, if the ring holds it. */
  find(id: Buffer): Buffer | undefined;
  /** Every key, the current one first: files written before key ids existed name none. */
  all: Buffer[];
}

export const KEY_ID_BYTES = 8;

export function mediaKeyId(key: Buffer): Buffer {
  return createHash('sha256')
    .update('cmd media key id\0')
    .update(key)
    .digest()
    .subarray(0, KEY_ID_BYTES);
}

export function mediaKeyring(current: Buffer, old: Buffer[] = []): MediaKeyring {
  const all = [current, ...old.filter((key) => !key.equals(current))];
  const byId = new Map(all.map((key) => [mediaKeyId(key).toString('hex'), key]));
  return {
    current: { id: mediaKeyId(current), key: current },
    find: (id) => byId.get(id.toString('hex')),
    all,
  };
}
