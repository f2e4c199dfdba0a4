import { createCipheriv, randomBytes } from 'node:crypto';
import { mediaKeyId } from '../../src/server/modules/media/media-keys';

/** The chunk size of the layouts before the header named one. */
export const LEGACY_CHUNK = 64 * 1024;

/**
 * A stored file as the server wrote it before chunk sizes were in the header, built here
 * independently of the current writer: "CMD2" (key id, nonce prefix) or "CMD1" (nonce prefix
 * only), then 64 KiB AES-256-GCM chunks, each ciphertext and tag, IV = prefix + index, additional
 * data 1 for the last chunk and 0 for the others.
 */
export function legacySealedFile(plain: Buffer, key: Buffer, layout: 'CMD1' | 'CMD2'): Buffer {
  const prefix = randomBytes(8);
  const header =
    layout === 'CMD2'
      ? Buffer.concat([Buffer.from('CMD2'), mediaKeyId(key), prefix])
      : Buffer.concat([Buffer.from('CMD1'), prefix]);
  const chunks = Math.max(1, Math.ceil(plain.length / LEGACY_CHUNK));
  const sealed = [header];
  for (let index = 0; index < chunks; index += 1) {
    const iv = Buffer.alloc(12);
    prefix.copy(iv);
    iv.writeUInt32BE(index, 8);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from([index === chunks - 1 ? 1 : 0]));
    sealed.push(
      cipher.update(plain.subarray(index * LEGACY_CHUNK, (index + 1) * LEGACY_CHUNK)),
      cipher.final(),
      cipher.getAuthTag(),
    );
  }
  return Buffer.concat(sealed);
}
