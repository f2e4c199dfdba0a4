import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signMediaLink } from '../../src/server/modules/media/media-links';
import { auditLog } from '../../src/server/schema';
import { fakeWebm, seedMediaAnswer } from '../helpers/seed-media';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app';

/**
 * The admin's player loads a video straight from a short-lived signed URL, with HTTP ranges;
 * the URL names one file, expires, and carries no token.
 */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});
let t: TestApp;
let admin: TestUser;
let patient: TestUser;
let video: { path: string; bytes: Buffer };
let photo: { path: string; bytes: Buffer };

beforeAll(async () => {
  t = await createTestApp({}, {}, logStream);
  admin = await t.createAdmin();
  patient = await t.createPatient();
  video = await seedMediaAnswer(t, patient, 'video', fakeWebm(300_000));
  photo = await seedMediaAnswer(t, patient, 'photo');
});
afterAll(() => t.close());

const issue = (path: string, who: TestUser | null = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/media-links',
    headers: who?.headers ?? {},
    payload: { path },
  });
/** Loads a URL as a <video> element does: no Authorization header, maybe a Range. */
const load = (url: string, range?: string) =>
  t.app.inject({ method: 'GET', url, headers: range ? { range } : {} });

async function linkTo(path: string): Promise<string> {
  const reply = await issue(path);
  expect(reply.statusCode).toBe(200);
  return reply.json().url;
}

describe('signed media links', () => {
  it('let the browser stream the video with ranges, without the token', async () => {
    const reply = await issue(video.path);
    expect(reply.statusCode).toBe(200);
    const { url, expiresAt } = reply.json();
    expect(url).not.toContain(admin.token);
    const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(10);
    expect(minutes).toBeLessThanOrEqual(15);

    const whole = await load(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('private, no-store');
    expect(whole.rawPayload.equals(video.bytes)).toBe(true);

    const part = await load(url, 'bytes=100000-200099');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100000-200099/${video.bytes.length}`);
    expect(part.rawPayload.equals(video.bytes.subarray(100000, 200100))).toBe(true);
  });

  it('record the read in the audit log when issued', async () => {
    const before = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'media.read'));
    await linkTo(photo.path);
    const after = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'media.read'));
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      actorUserId: admin.id,
      patientUserId: patient.id,
      assessmentId: patient.assessmentId,
    });
  });

  it('keep the signature out of the logs', async () => {
    const url = await linkTo(video.path);
    const signature = new URL(url, 'http://x').searchParams.get('signature')!;
    await load(url, 'bytes=0-10');
    expect(logLines.join('')).toContain('/api/media/signed/');
    expect(logLines.join('')).not.toContain(signature);
  });

  it('are issued to administrators only', async () => {
    expect((await issue(video.path, patient)).statusCode).toBe(403);
    expect((await issue(video.path, null)).statusCode).toBe(401);
  });

  it('are not issued for a file that is not available, nor for a path outside the store', async () => {
    const missing = await issue('media/00000000-0000-4000-8000-000000000000.webm');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This photo or video is not available.');
    expect((await issue('../media-key')).statusCode).toBe(400);
  });
});

describe('a signed media link, in an attacker’s hands', () => {
  const refused = async (url: string) => {
    const reply = await load(url, 'bytes=0-99');
    expect(reply.statusCode, url).toBe(403);
    expect(reply.json().message).toMatch(/invalid or has expired/);
    expect(reply.rawPayload.includes(video.bytes.subarray(0, 50))).toBe(false);
  };

  it('is refused once expired', async () => {
    const old = signMediaLink(t.config.jwtSecret, video.path, new Date(Date.now() - 16 * 60_000));
    await refused(old.url);
  });

  it('is refused with a changed signature or a later expiry', async () => {
    const url = new URL(await linkTo(video.path), 'http://x');
    const signature = url.searchParams.get('signature')!;
    const tampered = new URL(url);
    tampered.searchParams.set('signature', (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1));
    await refused(tampered.pathname + tampered.search);
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    await refused(later.pathname + later.search);
    const bare = await load(url.pathname);
    expect(bare.statusCode).toBe(400);
  });

  it('does not open another file', async () => {
    const url = new URL(await linkTo(video.path), 'http://x');
    await refused(`/api/media/signed/${photo.path}${url.search}`);
  });

  it('is refused when signed with another secret, or for longer than a link lives', async () => {
    const foreign = signMediaLink(randomBytes(32).toString('base64url'), video.path);
    await refused(foreign.url);
    // Valid signature, but expiring tomorrow: no link of this server lives that long.
    const tooLong = signMediaLink(
      t.config.jwtSecret,
      video.path,
      new Date(Date.now() + 24 * 3600_000),
    );
    await refused(tooLong.url);
  });
});
