import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RECORDING_SECONDS } from '../../src/shared/constants';
import { DEFAULT_QUESTIONNAIRE } from '../../src/server/modules/questionnaire/seed/default-questionnaire';
import { questions } from '../../src/server/schema';
import { answerBodyFor, answerSurvey, surveyOf } from '../helpers/survey-api';
import { assessmentById, useTestApp, type TestUser } from '../helpers/test-app';

const t = useTestApp();

const complete = (patient: TestUser, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/survey/completion-email',
    headers: { ...patient.headers, 'accept-language': language },
  });

/** The practice's change to a question, written as the admin's save would leave it. */
const setQuestion = (id: number, values: { required?: boolean; isActive?: boolean }) =>
  t.database.db.update(questions).set(values).where(eq(questions.id, id));

describe('required questions', () => {
  it('are marked in the survey as the default questionnaire sets them, with the video length', async () => {
    const patient = await t.createPatient();
    const survey = await surveyOf(t.app, patient.headers);
    expect(survey.map((q) => q.required)).toEqual(
      DEFAULT_QUESTIONNAIRE.map((q) => q.required ?? false),
    );
    // The clinically essential ones: main complaint, the six screener items, face, teeth and
    // profile photos, both videos.
    expect(survey.filter((q) => q.required)).toHaveLength(13);
    expect(survey.filter((q) => q.required && q.questionType === 'video')).toHaveLength(2);
    for (const q of survey) {
      expect(q.maxRecordingSeconds).toBe(
        q.questionType === 'video' ? RECORDING_SECONDS.default : null,
      );
    }
  });

  it('refuse completion with 409 naming each unanswered one in survey order, in the patient’s language', async () => {
    const patient = await t.createPatient();
    const survey = await surveyOf(t.app, patient.headers);
    const required = survey.filter((q) => q.required).map((q) => q.id);

    const none = await complete(patient);
    expect(none.statusCode).toBe(409);
    expect(none.json().missingQuestionIds).toEqual(required);
    expect(none.json().message).toMatch(/must be answered/);

    // Everything answered except the first required photo, which is skipped (saved empty).
    const photo = survey.find((q) => q.required && q.questionType === 'photo')!;
    await answerSurvey(t.app, patient.headers, (q) => q.required && q.id !== photo.id);
    const german = await complete(patient, 'de');
    expect(german.statusCode).toBe(409);
    expect(german.json()).toMatchObject({
      code: 'survey.incomplete',
      missingQuestionIds: [photo.id],
    });
    expect(german.json().message).toMatch(/beantwortet sein/);
    expect((await assessmentById(t.database, patient.assessmentId))?.status).toBe('in_progress');
    expect(await t.outbox()).not.toContainEqual(expect.stringContaining(patient.email));
  });

  it('count a skipped answer as unanswered, and let optional questions be skipped', async () => {
    const patient = await t.createPatient();
    // Every optional question skipped, every required one answered: completion goes through.
    const survey = await answerSurvey(t.app, patient.headers);
    const text = survey.find((q) => q.required && q.questionType === 'text')!;
    await t.app.inject({
      method: 'POST',
      url: '/api/survey/responses',
      headers: patient.headers,
      payload: { questionId: text.id, answerText: '   ' },
    });
    expect((await complete(patient)).json().missingQuestionIds).toEqual([text.id]);

    await t.app.inject({
      method: 'POST',
      url: '/api/survey/responses',
      headers: patient.headers,
      payload: answerBodyFor(text),
    });
    const done = await complete(patient);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ok: true, sent: true });
    expect((await assessmentById(t.database, patient.assessmentId))?.status).toBe('submitted');
  });

  it('follow the practice: a question made optional no longer blocks, a new required one does', async () => {
    const patient = await t.createPatient();
    const survey = await surveyOf(t.app, patient.headers);
    const [first, ...rest] = survey.filter((q) => q.required);
    const optional = survey.find((q) => !q.required && q.questionType === 'multiple_choice')!;
    await answerSurvey(t.app, patient.headers, (q) => rest.some((r) => r.id === q.id));
    expect((await complete(patient)).json().missingQuestionIds).toEqual([first!.id]);

    await setQuestion(first!.id, { required: false });
    await setQuestion(optional.id, { required: true });
    try {
      expect((await complete(patient)).json().missingQuestionIds).toEqual([optional.id]);
      // An inactive required question is not part of the survey and does not block.
      await setQuestion(optional.id, { isActive: false });
      expect((await complete(patient)).statusCode).toBe(200);
    } finally {
      await setQuestion(first!.id, { required: true });
      await setQuestion(optional.id, { required: false, isActive: true });
    }
  });
});
