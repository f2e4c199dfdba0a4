import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed URLs for one stored file, so the admin's <video> element can load it
 * directly, with HTTP ranges, instead of fetching the whole video into a blob first (a
 * media element cannot send the bearer token). The URL carries no token: only the file's
 * path, when the link expires and an HMAC over both, keyed from the server's JWT secret (shared
 * by every instance). The expiry and signature travel in the query string, which never
 * reaches the logs.
 */
export const MEDIA_LINK_TTL_SECONDS = 15 * 60;
export const SIGNED_MEDIA_PREFIX = '/api/media/signed/';

const linkKey = (secret: string) =>
  createHmac('sha256', secret).update('cmd media link key v1').digest();

const signatureOf = (secret: string, path: string, expires: number) =>
  createHmac('sha256', linkKey(secret)).update(`${path}\n${expires}`).digest();

export function signMediaLink(
  secret: string,
  path: string,
  now = new Date(),
): { url: string; expiresAt: string } {
  const expires = Math.floor(now.getTime() / 1000) + MEDIA_LINK_TTL_SECONDS;
  const signature = signatureOf(secret, path, expires).toString('base64url');
  return {
    url: `${SIGNED_MEDIA_PREFIX}${path}?expires=${expires}&signature=${signature}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/** Whether the link was signed by this deployment, for this path, and has not yet expired. */
export function verifyMediaLink(
  secret: string,
  path: string,
  link: { expires: number; signature: string },
  now = new Date(),
): boolean {
  const seconds = now.getTime() / 1000;
  // A link expiring beyond the longest life one is given was not made here.
  if (link.expires <= seconds || link.expires > seconds + MEDIA_LINK_TTL_SECONDS + 60) {
    return false;
  }
  const given = Buffer.from(link.signature, 'base64url');
  const expected = signatureOf(secret, path, link.expires);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
