import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SurveyQuestion } from '../../src/shared/contracts/survey';
import { assessments, questionOptions, questions, answers, users } from '../../src/server/schema';
import { SAMPLE_BYTES, multipartBody } from '../helpers/multipart';
import { postAnswer, surveyOf } from '../helpers/survey-api';
import { useTestApp, type TestUser } from '../helpers/test-app';
import { answerFieldsOf } from '../../src/shared/contracts/answer';

/**
 * The answer save checks everything in its one statement (the route verifies only the token's
 * signature): what an attacker with an ended session, or a patient racing the practice, sees.
 */
const t = useTestApp();

const save = (user: TestUser, body: Record<string, unknown>) =>
  postAnswer(t.app, { ...user.headers, 'accept-language': 'de' }, body);

const questionsOf = (user: TestUser) => surveyOf(t.app, user.headers);

const firstOfType = (list: SurveyQuestion[], type: SurveyQuestion['questionType']) =>
  list.find((q) => q.questionType === type)!;

const storedAnswers = (user: TestUser) =>
  t.database.db.select().from(answers).where(eq(answers.assessmentId, user.assessmentId));

/** What every other route answers a token whose session has ended. */
async function endedSessionReply(user: TestUser) {
  const reply = await t.app.inject({
    method: 'GET',
    url: '/api/survey/questions',
    headers: { ...user.headers, 'accept-language': 'de' },
  });
  expect(reply.statusCode).toBe(401);
  return reply.json();
}

describe('saving an answer with an ended session', () => {
  it('is refused after logout like any other request, and stores nothing', async () => {
    const patient = await t.createPatient();
    const text = firstOfType(await questionsOf(patient), 'text');
    expect((await save(patient, { questionId: text.id, answerText: 'before' })).statusCode).toBe(
      200,
    );
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: patient.headers,
    });
    expect(logout.statusCode).toBe(200);

    const reply = await save(patient, { questionId: text.id, answerText: 'after logout' });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual(await endedSessionReply(patient));
    expect((await storedAnswers(patient)).map((a) => answerFieldsOf(a.value).answerText)).toEqual([
      'before',
    ]);
  });

  it('is refused once the account’s sessions are revoked', async () => {
    const patient = await t.createPatient();
    const text = firstOfType(await questionsOf(patient), 'text');
    await t.database.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, patient.id));
    const reply = await save(patient, { questionId: text.id, answerText: 'revoked' });
    expect(reply.statusCode).toBe(401);
    expect(await storedAnswers(patient)).toEqual([]);
  });

  it('learns nothing about uploads: a media answer is refused as an ended session first', async () => {
    const patient = await t.createPatient();
    const photo = firstOfType(await questionsOf(patient), 'photo');
    const { payload, headers } = multipartBody(
      { type: 'photo', questionId: String(photo.id) },
      {
        name: 'media',
        filename: 'capture.jpg',
        contentType: 'image/jpeg',
        data: SAMPLE_BYTES.jpeg(),
      },
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/survey/media',
      headers: { ...patient.headers, ...headers },
      payload,
    });
    expect(uploaded.statusCode).toBe(200);
    await t.database.db
      .update(assessments)
      .set({ tokenVersion: sql`${assessments.tokenVersion} + 1` })
      .where(eq(assessments.id, patient.assessmentId));
    for (const mediaPath of [
      uploaded.json().mediaPath,
      'media/00000000-0000-4000-8000-000000000000.jpg',
    ]) {
      const reply = await save(patient, { questionId: photo.id, mediaType: 'photo', mediaPath });
      expect(reply.statusCode, mediaPath).toBe(401);
    }
  });
});

describe('saving an answer while the practice changes things', () => {
  it('refuses a question deactivated after the patient answered it, keeping the answer', async () => {
    const patient = await t.createPatient();
    const text = firstOfType(await questionsOf(patient), 'text');
    expect((await save(patient, { questionId: text.id, answerText: 'kept' })).statusCode).toBe(200);
    await t.database.db.update(questions).set({ isActive: false }).where(eq(questions.id, text.id));
    const reply = await save(patient, { questionId: text.id, answerText: 'changed' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toEqual(expect.any(String));
    expect((await storedAnswers(patient)).map((a) => answerFieldsOf(a.value).answerText)).toEqual([
      'kept',
    ]);
  });

  it('refuses an option deactivated after the patient chose another, in German', async () => {
    const patient = await t.createPatient();
    const choice = firstOfType(await questionsOf(patient), 'multiple_choice');
    const [first, second] = choice.options;
    expect((await save(patient, { questionId: choice.id, optionId: first!.id })).statusCode).toBe(
      200,
    );
    await t.database.db
      .update(questionOptions)
      .set({ isActive: false })
      .where(eq(questionOptions.id, second!.id));
    const reply = await save(patient, { questionId: choice.id, optionId: second!.id });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('Bitte wählen Sie eine der Antworten dieser Frage.');
    expect((await storedAnswers(patient)).map((a) => a.optionId)).toEqual([first!.id]);
  });

  it('refuses with 409 once the assessment is completed, keeping the answer', async () => {
    const patient = await t.createPatient();
    const text = firstOfType(await questionsOf(patient), 'text');
    expect((await save(patient, { questionId: text.id, answerText: 'final' })).statusCode).toBe(
      200,
    );
    await t.database.db
      .update(assessments)
      .set({ status: 'submitted' })
      .where(eq(assessments.id, patient.assessmentId));
    const reply = await save(patient, { questionId: text.id, answerText: 'too late' });
    expect(reply.statusCode).toBe(409);
    expect((await storedAnswers(patient)).map((a) => answerFieldsOf(a.value).answerText)).toEqual([
      'final',
    ]);
  });

  it('reads the answer by the question’s current type, even after the type changed', async () => {
    const patient = await t.createPatient();
    const text = firstOfType(await questionsOf(patient), 'text');
    expect((await save(patient, { questionId: text.id, answerText: 'as text' })).statusCode).toBe(
      200,
    );
    // The server has seen this question as text; now it is a choice question without options.
    await t.database.db
      .update(questions)
      .set({ questionType: 'multiple_choice' })
      .where(eq(questions.id, text.id));
    const reply = await save(patient, { questionId: text.id, answerText: 'still text?' });
    expect(reply.statusCode).toBe(200);
    // Read as a choice question's answer, the body holds none: stored as skipped.
    const [stored] = await storedAnswers(patient);
    expect(stored).toMatchObject({ value: null, optionId: null });
  });
});
