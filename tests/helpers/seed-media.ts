import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { mediaUploads, answers } from '../../src/server/schema';
import { newMediaPath } from '../../src/server/modules/media/media-store';
import { firstQuestionOfType, storedAnswer } from './seed-answers';
import type { TestApp, TestUser } from './test-app';

/** A tiny but real JPEG header followed by random bytes: enough to tell files apart. */
export function fakeJpeg(size = 2048): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]),
    randomBytes(size),
  ]);
}

/** The first bytes of a WebM (EBML) file followed by random bytes. */
export function fakeWebm(size = 200_000): Buffer {
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(size)]);
}

/** Stores a photo through the media store and answers the first photo question with it. */
export async function seedPhotoAnswer(t: TestApp, patient: TestUser, bytes = fakeJpeg()) {
  return seedMediaAnswer(t, patient, 'photo', bytes);
}

/** Stores a photo or video through the media store and answers the first question of its type. */
export async function seedMediaAnswer(
  t: Pick<TestApp, 'app' | 'database'>,
  patient: Pick<TestUser, 'id' | 'assessmentId'>,
  type: 'photo' | 'video',
  bytes = type === 'photo' ? fakeJpeg() : fakeWebm(),
) {
  const question = await firstQuestionOfType(t.database.db, type);
  const { path, size } = await t.app.deps.media.write(
    Readable.from([bytes]),
    newMediaPath(type === 'photo' ? 'jpg' : 'webm'),
  );
  await t.database.db.insert(mediaUploads).values({
    userId: patient.id,
    assessmentId: patient.assessmentId,
    questionId: question.id,
    path,
    mediaType: type,
    mimeType: type === 'photo' ? 'image/jpeg' : 'video/webm',
    sizeBytes: size,
  });
  await t.database.db.insert(answers).values({
    userId: patient.id,
    assessmentId: patient.assessmentId,
    questionId: question.id,
    ...storedAnswer({ mediaType: type, mediaPath: path }),
  });
  return { path, bytes };
}
