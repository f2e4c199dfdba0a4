import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SurveyQuestion } from '../../src/shared/contracts/survey';
import { createAssessmentWithCode } from '../../src/server/modules/access/access-codes';
import { sessionForAssessment } from '../../src/server/modules/access/session';
import { assessments, mediaUploads } from '../../src/server/schema';
import { multipartBody, postMedia, SAMPLE_BYTES } from '../helpers/multipart';
import { surveyOf } from '../helpers/survey-api';
import { useTestApp, type TestUser } from '../helpers/test-app';

const t = useTestApp({ MEDIA_QUOTA_FILES: '4' });

const firstOfType = (survey: SurveyQuestion[], type: SurveyQuestion['questionType'], n = 0) =>
  survey.filter((q) => q.questionType === type)[n]!;

const ownMedia = (user: Pick<TestUser, 'headers'>, path: string, range?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/survey/media/${path}`,
    headers: { ...user.headers, ...(range ? { range } : {}) },
  });

/** Uploads a photo or video as the survey's camera sends it; its stored path. */
async function uploaded(user: TestUser, question: SurveyQuestion, data: Buffer): Promise<string> {
  const type = question.questionType as 'photo' | 'video';
  const reply = await postMedia(t.app, user.headers, { type, questionId: question.id }, data);
  expect(reply.statusCode).toBe(200);
  return reply.json().mediaPath;
}

/** A file as the "Choose a file instead" picker sends it: the device's own name and type. */
function chosenFile(
  user: TestUser,
  question: SurveyQuestion,
  file: { filename: string; contentType: string; data: Buffer },
  language = 'en',
) {
  const { payload, headers } = multipartBody(
    { type: question.questionType, questionId: String(question.id) },
    { name: 'media', ...file },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/survey/media',
    headers: { ...user.headers, ...headers, 'accept-language': language },
    payload,
  });
}

describe('a photo or video is the answer the moment its upload completes', () => {
  it('shows in the survey without a separate save, and a new upload replaces it', async () => {
    const patient = await t.createPatient();
    const survey = await surveyOf(t.app, patient.headers);
    const photo = firstOfType(survey, 'photo');
    const video = firstOfType(survey, 'video');

    const photoPath = await uploaded(patient, photo, SAMPLE_BYTES.jpeg());
    const videoPath = await uploaded(patient, video, SAMPLE_BYTES.webm());

    // As a patient returning after closing the tab sees it.
    let answers = new Map((await surveyOf(t.app, patient.headers)).map((q) => [q.id, q.answer]));
    expect(answers.get(photo.id)).toMatchObject({ mediaType: 'photo', mediaPath: photoPath });
    expect(answers.get(video.id)).toMatchObject({ mediaType: 'video', mediaPath: videoPath });

    const retake = await uploaded(patient, photo, SAMPLE_BYTES.png());
    answers = new Map((await surveyOf(t.app, patient.headers)).map((q) => [q.id, q.answer]));
    expect(answers.get(photo.id)?.mediaPath).toBe(retake);
    expect((await ownMedia(patient, photoPath)).statusCode).toBe(404);
    expect(await t.app.deps.media.size(photoPath)).toBeNull();
  });

  it('is refused, and nothing kept, once the assessment is completed', async () => {
    const patient = await t.createPatient();
    const photo = firstOfType(await surveyOf(t.app, patient.headers), 'photo');
    await t.database.db
      .update(assessments)
      .set({ status: 'submitted' })
      .where(eq(assessments.id, patient.assessmentId));
    const reply = await postMedia(
      t.app,
      patient.headers,
      { type: 'photo', questionId: photo.id },
      SAMPLE_BYTES.jpeg(),
    );
    expect(reply.statusCode).toBe(409);
    const rows = await t.database.db
      .select()
      .from(mediaUploads)
      .where(eq(mediaUploads.assessmentId, patient.assessmentId));
    expect(rows).toEqual([]);
  });
});

describe('GET /api/survey/media/* (the patient’s own photos and videos)', () => {
  it('streams the patient’s own file, whole or by byte range, and nobody else’s', async () => {
    const patient = await t.createPatient();
    const video = firstOfType(await surveyOf(t.app, patient.headers), 'video');
    const bytes = SAMPLE_BYTES.webm(200_000);
    const path = await uploaded(patient, video, bytes);

    const whole = await ownMedia(patient, path);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['cache-control']).toBe('private, no-store');
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await ownMedia(patient, path, 'bytes=70000-70009');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 70000-70009/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(70000, 70010))).toBe(true);
    expect((await ownMedia(patient, path, 'bytes=900000-')).statusCode).toBe(416);

    // Another patient, and another assessment of the same address, get "not found".
    const stranger = await t.createPatient();
    expect((await ownMedia(stranger, path)).statusCode).toBe(404);
    const { id: secondId } = await createAssessmentWithCode(t.database.db, patient.id);
    const second = await sessionForAssessment(t.database.db, t.app.deps.tokens, secondId, ['code']);
    const sameAddress = { headers: { authorization: `Bearer ${second!.token}` } };
    expect((await ownMedia(sameAddress, path)).statusCode).toBe(404);
    expect(
      (await ownMedia(patient, 'media/00000000-0000-4000-8000-000000000000.jpg')).statusCode,
    ).toBe(404);
    expect((await ownMedia(patient, '../media-key')).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/survey/media/${path}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a file chosen instead of the camera meets the same checks', () => {
  it('is stored by what its bytes are, whatever the device names it', async () => {
    const patient = await t.createPatient();
    const survey = await surveyOf(t.app, patient.headers);
    const png = await chosenFile(patient, firstOfType(survey, 'photo'), {
      filename: 'IMG_2041.PNG',
      contentType: 'image/png',
      data: SAMPLE_BYTES.png(),
    });
    expect(png.statusCode).toBe(200);
    expect(png.json().mediaPath).toMatch(/\.png$/);
    // A phone's MP4 from its gallery, sent with a QuickTime type.
    const mp4 = await chosenFile(patient, firstOfType(survey, 'video'), {
      filename: 'clip.mov',
      contentType: 'video/quicktime',
      data: SAMPLE_BYTES.mp4(),
    });
    expect(mp4.statusCode).toBe(200);
    expect(mp4.json().mediaPath).toMatch(/\.mp4$/);
  });

  it('refuses what is not a supported photo or video, in the patient’s language, and keeps nothing', async () => {
    const patient = await t.createPatient();
    const survey = await surveyOf(t.app, patient.headers);
    const photo = firstOfType(survey, 'photo');
    const heic = Buffer.concat([
      Buffer.from('000000186674797068656963', 'hex'),
      Buffer.alloc(2000),
    ]);
    const cases = [
      { filename: 'notes.jpg', contentType: 'image/jpeg', data: SAMPLE_BYTES.text() },
      { filename: 'IMG_0001.HEIC', contentType: 'image/heic', data: heic },
      { filename: 'scan.gif', contentType: 'image/gif', data: Buffer.from('GIF89a'.padEnd(900)) },
    ];
    for (const file of cases) {
      const reply = await chosenFile(patient, photo, file, 'de');
      // A HEIC image is an ISO media file too, so it reads as a video: wrong for a photo.
      expect(reply.statusCode, file.filename).toBe(415);
      expect(reply.json().message).toMatch(/kein unterstütztes Foto/);
    }
    const rows = await t.database.db
      .select()
      .from(mediaUploads)
      .where(eq(mediaUploads.assessmentId, patient.assessmentId));
    expect(rows).toEqual([]);
    expect(firstOfType(await surveyOf(t.app, patient.headers), 'photo').answer).toBeUndefined();
  });

  it('counts against the assessment’s quota, and a refused file leaves the earlier answer as it was', async () => {
    const patient = await t.createPatient();
    const survey = await surveyOf(t.app, patient.headers);
    const photos = survey.filter((q) => q.questionType === 'photo');
    const file = { filename: 'photo.jpg', contentType: 'image/jpeg', data: SAMPLE_BYTES.jpeg() };
    for (const photo of photos.slice(0, 4)) {
      expect((await chosenFile(patient, photo, file)).statusCode).toBe(200);
    }
    const before = firstOfType(await surveyOf(t.app, patient.headers), 'photo').answer;
    const refused = await chosenFile(patient, photos[4]!, file);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toMatch(/limit for photos and videos/);
    const after = await surveyOf(t.app, patient.headers);
    expect(firstOfType(after, 'photo').answer).toEqual(before);
    expect(after.find((q) => q.id === photos[4]!.id)!.answer).toBeUndefined();
  });
});
