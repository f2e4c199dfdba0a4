import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SurveyQuestion } from '../../src/shared/contracts/survey';
import { assessments, mediaUploads, answers } from '../../src/server/schema';
import { DEFAULT_QUESTIONNAIRE } from '../../src/server/modules/questionnaire/seed/default-questionnaire';
import { multipartBody, SAMPLE_BYTES } from '../helpers/multipart';
import { answerSurvey, postAnswer, surveyOf } from '../helpers/survey-api';
import { useTestApp, type TestUser } from '../helpers/test-app';

const t = useTestApp();

const questionsOf = (user: TestUser) => surveyOf(t.app, user.headers);

const save = (user: TestUser, body: Record<string, unknown>) =>
  postAnswer(t.app, user.headers, body);

async function upload(
  user: TestUser,
  fields: Record<string, string>,
  data: Buffer,
  filename = 'capture.jpg',
) {
  const { payload, headers } = multipartBody(fields, {
    name: 'media',
    filename,
    contentType: 'application/octet-stream',
    data,
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/survey/media',
    headers: { ...user.headers, ...headers },
    payload,
  });
}

const firstOfType = (list: SurveyQuestion[], type: SurveyQuestion['questionType']) =>
  list.find((q) => q.questionType === type)!;

describe('GET /api/survey/questions', () => {
  it('lists the active questions in order in English, with options and overlay guides', async () => {
    const patient = await t.createPatient();
    const list = await questionsOf(patient);
    expect(list).toHaveLength(DEFAULT_QUESTIONNAIRE.length);
    expect(list.map((q) => q.text)).toEqual(DEFAULT_QUESTIONNAIRE.map((q) => q.en));
    const choice = firstOfType(list, 'multiple_choice');
    expect(choice.options.map((o) => o.text)).toEqual([
      'No pain',
      'From very brief to more than a week, but it does stop',
      'Continuous',
    ]);
    expect(list.filter((q) => q.questionType === 'photo').map((q) => q.overlay)).toEqual([
      'face-guide',
      'teeth-guide',
      'look-left',
      'look-right',
      'look-up',
      'look-down',
      'profile-left',
      'profile-right',
    ]);
    expect(firstOfType(list, 'text').overlay).toBe('none');
    expect(list.every((q) => q.answer === undefined)).toBe(true);
    const long = list.find((q) => q.text.length > 60)!;
    expect(long.stepLabel).toBe(`${long.text.slice(0, 60).trimEnd()}…`);
  });

  it('gives a German-speaking patient the German translations', async () => {
    const patient = await t.createPatient({ language: 'de' });
    const list = await questionsOf(patient);
    expect(list.map((q) => q.text)).toEqual(DEFAULT_QUESTIONNAIRE.map((q) => q.de));
    expect(firstOfType(list, 'multiple_choice').options[0]!.text).toBe('Keine Schmerzen');
  });

  it('refuses a visitor without a session', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/survey/questions' });
    expect(reply.statusCode).toBe(401);
  });
});

describe('POST /api/survey/responses', () => {
  it('round-trips an answer of every type and keeps one current answer per question', async () => {
    const patient = await t.createPatient();
    const list = await questionsOf(patient);
    const text = firstOfType(list, 'text');
    const choice = firstOfType(list, 'multiple_choice');
    const photo = firstOfType(list, 'photo');
    const video = firstOfType(list, 'video');
    const atlas = firstOfType(list, 'pain_atlas');
    const symptomsQ = firstOfType(list, 'pain_symptoms');

    const photoUpload = await upload(
      patient,
      { type: 'photo', questionId: String(photo.id) },
      SAMPLE_BYTES.jpeg(),
    );
    expect(photoUpload.statusCode).toBe(200);
    const videoUpload = await upload(
      patient,
      { type: 'video', questionId: String(video.id) },
      SAMPLE_BYTES.webm(),
      'recording.webm',
    );
    expect(videoUpload.statusCode).toBe(200);

    const painPoints = [
      { id: 'p1', x: 0.5, y: 0.25, intensity: 'strong' },
      { id: 'p2', x: 0, y: 1, intensity: 'light' },
    ];
    const symptoms = [
      {
        id: 's1',
        name: 'jawJointPain',
        frequency: 'weekly',
        trigger: 'stress',
        intensity: 'mittel',
      },
      { id: 's2', name: 'tinnitus', frequency: 'constant', trigger: 'other', intensity: 'stark' },
    ];
    const bodies = [
      { questionId: text.id, answerText: 'First answer' },
      { questionId: text.id, answerText: '  Jaw pain since March  ' },
      { questionId: choice.id, optionId: choice.options[2]!.id },
      { questionId: photo.id, mediaType: 'photo', mediaPath: photoUpload.json().mediaPath },
      { questionId: video.id, mediaType: 'video', mediaPath: videoUpload.json().mediaPath },
      { questionId: atlas.id, painPoints },
      { questionId: symptomsQ.id, symptoms },
    ];
    for (const body of bodies) expect((await save(patient, body)).statusCode).toBe(200);

    const answerOf = new Map((await questionsOf(patient)).map((q) => [q.id, q.answer]));
    expect(answerOf.get(text.id)?.answerText).toBe('Jaw pain since March');
    expect(answerOf.get(choice.id)?.optionId).toBe(choice.options[2]!.id);
    expect(answerOf.get(photo.id)).toMatchObject({
      mediaType: 'photo',
      mediaPath: photoUpload.json().mediaPath,
    });
    expect(answerOf.get(video.id)).toMatchObject({
      mediaType: 'video',
      mediaPath: videoUpload.json().mediaPath,
    });
    expect(answerOf.get(atlas.id)?.painPoints).toEqual(painPoints);
    expect(answerOf.get(symptomsQ.id)?.symptoms).toEqual(symptoms);

    const rows = await t.database.db
      .select()
      .from(answers)
      .where(eq(answers.assessmentId, patient.assessmentId));
    expect(rows).toHaveLength(6);
  });

  it('refuses invalid answers with 400 and leaves the saved answer unchanged', async () => {
    const patient = await t.createPatient();
    const other = await t.createPatient();
    const list = await questionsOf(patient);
    const [choice, secondChoice] = list.filter((q) => q.questionType === 'multiple_choice');
    const atlas = firstOfType(list, 'pain_atlas');
    const symptomsQ = firstOfType(list, 'pain_symptoms');
    const photo = firstOfType(list, 'photo');
    const video = firstOfType(list, 'video');

    const goodPoint = { id: 'p1', x: 0.3, y: 0.3, intensity: 'medium' };
    expect(
      (await save(patient, { questionId: choice!.id, optionId: choice!.options[0]!.id }))
        .statusCode,
    ).toBe(200);
    expect(
      (await save(patient, { questionId: atlas.id, painPoints: [goodPoint] })).statusCode,
    ).toBe(200);
    const ownPhoto = (
      await upload(patient, { type: 'photo', questionId: String(photo.id) }, SAMPLE_BYTES.jpeg())
    ).json();
    expect(
      (
        await save(patient, {
          questionId: photo.id,
          mediaType: 'photo',
          mediaPath: ownPhoto.mediaPath,
        })
      ).statusCode,
    ).toBe(200);
    const before = await questionsOf(patient);

    const foreignPhoto = (
      await upload(other, { type: 'photo', questionId: String(photo.id) }, SAMPLE_BYTES.png())
    ).json();
    const invalid = [
      { questionId: choice!.id, optionId: secondChoice!.options[0]!.id },
      { questionId: choice!.id, optionId: 999_999 },
      { questionId: atlas.id, painPoints: [{ ...goodPoint, x: 1.5 }] },
      { questionId: atlas.id, painPoints: [{ ...goodPoint, intensity: 'unbearable' }] },
      {
        questionId: symptomsQ.id,
        symptoms: [
          {
            id: 's',
            name: 'jawJointPain',
            frequency: 'daily',
            trigger: 'stress',
            intensity: 'mittel',
          },
        ],
      },
      {
        questionId: symptomsQ.id,
        symptoms: [
          {
            id: 's',
            name: 'toothache',
            frequency: 'weekly',
            trigger: 'stress',
            intensity: 'mittel',
          },
        ],
      },
      {
        questionId: symptomsQ.id,
        symptoms: ['a', 'b'].map((id) => ({
          id,
          name: 'headaches',
          frequency: 'weekly',
          trigger: 'sport',
          intensity: 'leicht',
        })),
      },
      { questionId: photo.id, mediaType: 'photo', mediaPath: foreignPhoto.mediaPath },
      {
        questionId: photo.id,
        mediaType: 'photo',
        mediaPath: 'media/00000000-0000-0000-0000-000000000000.jpg',
      },
      { questionId: video.id, mediaType: 'video', mediaPath: ownPhoto.mediaPath },
      { questionId: photo.id, mediaType: 'photo', mediaPath: '../../etc/passwd' },
    ];
    for (const body of invalid) {
      const reply = await save(patient, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json().message).toEqual(expect.any(String));
    }
    expect(await questionsOf(patient)).toEqual(before);
  });

  it('answers an unknown or inactive question with 404', async () => {
    const patient = await t.createPatient();
    expect((await save(patient, { questionId: 987_654, answerText: 'x' })).statusCode).toBe(404);
  });

  it('keeps patients apart: nobody reads or overwrites another patient’s answers', async () => {
    const alice = await t.createPatient();
    const bob = await t.createPatient();
    const text = firstOfType(await questionsOf(alice), 'text');
    expect(
      (await save(alice, { questionId: text.id, answerText: 'Alice private answer' })).statusCode,
    ).toBe(200);
    expect((await save(bob, { questionId: text.id, answerText: 'Bob answer' })).statusCode).toBe(
      200,
    );

    expect(firstOfType(await questionsOf(alice), 'text').answer?.answerText).toBe(
      'Alice private answer',
    );
    expect(firstOfType(await questionsOf(bob), 'text').answer?.answerText).toBe('Bob answer');
  });

  it('keeps a second assessment (access code) of the same patient separate', async () => {
    const patient = await t.createPatient();
    const text = firstOfType(await questionsOf(patient), 'text');
    await save(patient, { questionId: text.id, answerText: 'first assessment' });
    const { createAssessmentWithCode } =
      await import('../../src/server/modules/access/access-codes');
    const { id: secondCode } = await createAssessmentWithCode(t.database.db, patient.id);
    const token = await t.app.deps.tokens.sign({
      userId: patient.id,
      email: patient.email,
      language: 'en',
      isAdmin: false,
      assessmentTokenVersion: 0,
      methods: ['code'],

      tokenVersion: 0,
      assessmentId: secondCode,
    });
    const second = {
      ...patient,
      assessmentId: secondCode,
      headers: { authorization: `Bearer ${token}` },
    };
    expect(firstOfType(await questionsOf(second), 'text').answer).toBeUndefined();
  });
});

describe('POST /api/survey/media', () => {
  it('stores a photo under a server-chosen name and records it', async () => {
    const patient = await t.createPatient();
    const photo = firstOfType(await questionsOf(patient), 'photo');
    const reply = await upload(
      patient,
      { type: 'photo', questionId: String(photo.id) },
      SAMPLE_BYTES.jpeg(5000),
      '../../evil name.jpg',
    );
    expect(reply.statusCode).toBe(200);
    const { mediaPath, filename } = reply.json();
    expect(mediaPath).toMatch(/^media\/[0-9a-f-]{36}\.jpg$/);
    expect(filename).toBe(mediaPath.slice('media/'.length));
    expect(await t.app.deps.media.size(mediaPath)).toBe(5000);
    const [row] = await t.database.db
      .select()
      .from(mediaUploads)
      .where(eq(mediaUploads.path, mediaPath));
    expect(row).toMatchObject({
      userId: patient.id,
      assessmentId: patient.assessmentId,
      questionId: photo.id,
      mediaType: 'photo',
      mimeType: 'image/jpeg',
      sizeBytes: 5000,
    });
  });

  it('accepts MP4 video', async () => {
    const patient = await t.createPatient();
    const video = firstOfType(await questionsOf(patient), 'video');
    const reply = await upload(
      patient,
      { type: 'video', questionId: String(video.id) },
      SAMPLE_BYTES.mp4(),
      'clip.mp4',
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json().mediaPath).toMatch(/\.mp4$/);
  });

  it('refuses a text file named .jpg with 415 and keeps no file', async () => {
    const patient = await t.createPatient();
    const photo = firstOfType(await questionsOf(patient), 'photo');
    const before = await mediaFiles();
    const reply = await upload(
      patient,
      { type: 'photo', questionId: String(photo.id) },
      SAMPLE_BYTES.text(),
      'photo.jpg',
    );
    expect(reply.statusCode).toBe(415);
    expect(reply.json().message).toMatch(/not a supported photo/);
    expect(await mediaFiles()).toEqual(before);
  });

  it('refuses a video sent as a photo, and a photo for a video question', async () => {
    const patient = await t.createPatient();
    const list = await questionsOf(patient);
    const photo = firstOfType(list, 'photo');
    const video = firstOfType(list, 'video');
    const before = await mediaFiles();
    expect(
      (await upload(patient, { type: 'photo', questionId: String(photo.id) }, SAMPLE_BYTES.webm()))
        .statusCode,
    ).toBe(415);
    expect(
      (await upload(patient, { type: 'photo', questionId: String(video.id) }, SAMPLE_BYTES.jpeg()))
        .statusCode,
    ).toBe(400);
    expect(
      (await upload(patient, { type: 'selfie', questionId: String(photo.id) }, SAMPLE_BYTES.jpeg()))
        .statusCode,
    ).toBe(400);
    expect(await mediaFiles()).toEqual(before);
  });

  it('refuses an upload without a file or without a session', async () => {
    const patient = await t.createPatient();
    const { payload, headers } = multipartBody({ type: 'photo', questionId: '1' });
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/survey/media',
      headers: { ...patient.headers, ...headers },
      payload,
    });
    expect(noFile.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/survey/media',
      headers,
      payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

async function mediaFiles(): Promise<string[]> {
  const top = await readdir(t.config.mediaDir).catch(() => [] as string[]);
  const incoming = await readdir(`${t.config.mediaDir}/.incoming`).catch(() => [] as string[]);
  return [...top.filter((f) => f !== '.incoming'), ...incoming.map((f) => `.incoming/${f}`)].sort();
}

describe('POST /api/survey/completion-email', () => {
  const answerAll = (patient: TestUser) => answerSurvey(t.app, patient.headers);

  it('sends one completion mail per access code, even to concurrent calls, and submits the assessment', async () => {
    const patient = await t.createPatient();
    await answerAll(patient);
    const mailsBefore = (await t.outbox()).length;
    const replies = await Promise.all(
      [1, 2, 3].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/survey/completion-email',
          headers: patient.headers,
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(replies.filter((r) => r.json().sent)).toHaveLength(1);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/survey/completion-email',
      headers: patient.headers,
    });
    expect(again.json()).toEqual({ ok: true, sent: false });

    const mails = (await t.outbox()).slice(mailsBefore).filter((m) => m.includes(patient.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/2 working days/);
    const [code] = await t.database.db
      .select()
      .from(assessments)
      .where(eq(assessments.id, patient.assessmentId));
    expect(code?.status).toBe('submitted');
    expect(code?.submittedAt).toBeInstanceOf(Date);
    expect(code!.dueAt!.getTime()).toBeGreaterThan(code!.submittedAt!.getTime());
  });

  it('writes the completion mail in German for a German-speaking patient', async () => {
    const patient = await t.createPatient({ language: 'de' });
    await answerAll(patient);
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/survey/completion-email',
      headers: patient.headers,
    });
    expect(reply.json().sent).toBe(true);
    const mail = (await t.outbox()).find((m) => m.includes(patient.email))!;
    expect(mail).toMatch(/Werktage/);
  });

  it('no longer accepts answer changes once the review has started', async () => {
    const patient = await t.createPatient();
    const text = firstOfType(await questionsOf(patient), 'text');
    await t.database.db
      .update(assessments)
      .set({ status: 'in_review' })
      .where(eq(assessments.id, patient.assessmentId));
    expect((await save(patient, { questionId: text.id, answerText: 'late' })).statusCode).toBe(409);
  });
});
