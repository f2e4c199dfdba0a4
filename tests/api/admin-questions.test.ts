import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminQuestion } from '../../src/shared/contracts/admin-questions';
import type { SurveyQuestion } from '../../src/shared/contracts/survey';
import { questionOptions, questions, answers } from '../../src/server/schema';
import { useAdmin, useTestApp } from '../helpers/test-app';

const t = useTestApp();
const admin = useAdmin(t);

const choiceBody = (overrides: Record<string, unknown> = {}) => ({
  QuestionType: 'multiple_choice',
  QuestionText: 'Do you grind your teeth at night?',
  Order: 50,
  IsActive: true,
  Overlay: null,
  Translations: [{ LanguageID: 2, TranslatedText: 'Knirschen Sie nachts mit den Zähnen?' }],
  Options: [
    {
      OptionText: 'Yes',
      Order: 1,
      IsActive: true,
      Translations: [{ LanguageID: 2, TranslatedText: 'Ja' }],
    },
    {
      OptionText: 'No',
      Order: 2,
      IsActive: true,
      Translations: [{ LanguageID: 2, TranslatedText: 'Nein' }],
    },
  ],
  ...overrides,
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: admin.headers, payload: payload as object });

async function listQuestions(): Promise<AdminQuestion[]> {
  const reply = await call('GET', '/api/admin/questions');
  expect(reply.statusCode).toBe(200);
  return reply.json();
}

describe('questions management', () => {
  it('lists the questionnaire in order with translations, options and answer counts', async () => {
    const list = await listQuestions();
    expect(list.length).toBeGreaterThan(5);
    const orders = list.map((q) => q.Order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const choice = list.find((q) => q.QuestionType === 'multiple_choice')!;
    expect(choice.Translations[0]).toMatchObject({ LanguageID: 2 });
    expect(choice.Options.length).toBeGreaterThan(1);
    expect(choice.Options[0]!.Translations[0]!.TranslatedText).toBeTruthy();
    expect(choice.ResponseCount).toBe(0);
  });

  it('creates a multiple-choice question with English and German options', async () => {
    const reply = await call('POST', '/api/admin/questions', choiceBody());
    expect(reply.statusCode).toBe(201);
    const created: AdminQuestion = reply.json();
    expect(created).toMatchObject({
      QuestionType: 'multiple_choice',
      QuestionText: 'Do you grind your teeth at night?',
      Order: 50,
      IsActive: true,
      Translations: [{ LanguageID: 2, TranslatedText: 'Knirschen Sie nachts mit den Zähnen?' }],
    });
    expect(created.Options.map((o) => [o.OptionText, o.Translations[0]?.TranslatedText])).toEqual([
      ['Yes', 'Ja'],
      ['No', 'Nein'],
    ]);
    expect((await listQuestions()).some((q) => q.ID === created.ID)).toBe(true);
  });

  it('drops options and the overlay where the type has none', async () => {
    const reply = await call(
      'POST',
      '/api/admin/questions',
      choiceBody({ QuestionType: 'text', Overlay: 'face-guide' }),
    );
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ QuestionType: 'text', Overlay: null, Options: [] });

    const photo = await call(
      'POST',
      '/api/admin/questions',
      choiceBody({ QuestionType: 'photo', Overlay: 'teeth-guide', Options: [] }),
    );
    expect(photo.json()).toMatchObject({ QuestionType: 'photo', Overlay: 'teeth-guide' });
  });

  it('keeps "No guide", the required switch and the recording length as saved, and the survey follows them', async () => {
    const patient = await t.createPatient();
    const video = (await listQuestions()).find(
      (q) => q.QuestionType === 'video' && q.Overlay === 'none',
    )!;
    expect(video).toMatchObject({ Required: true, MaxRecordingSeconds: 60 });
    const surveyVideo = async () => {
      const reply = await t.app.inject({
        method: 'GET',
        url: '/api/survey/questions',
        headers: patient.headers,
      });
      return (reply.json() as SurveyQuestion[]).find((q) => q.id === video.ID)!;
    };
    // Its text speaks of the jaw moving left: the pick by words would give a guide.
    expect(await surveyVideo()).toMatchObject({ overlay: 'none', maxRecordingSeconds: 60 });

    const unchanged = {
      QuestionType: video.QuestionType,
      QuestionText: video.QuestionText,
      Order: video.Order,
      IsActive: video.IsActive,
      Overlay: video.Overlay,
      Required: video.Required,
      MaxRecordingSeconds: video.MaxRecordingSeconds,
      Translations: video.Translations,
      Options: [],
    };
    const saved = await call('PUT', `/api/admin/questions/${video.ID}`, unchanged);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ Overlay: 'none', Required: true });
    expect((await surveyVideo()).overlay).toBe('none');

    const changed = await call('PUT', `/api/admin/questions/${video.ID}`, {
      ...unchanged,
      Required: false,
      MaxRecordingSeconds: 20,
    });
    expect(changed.json()).toMatchObject({ Required: false, MaxRecordingSeconds: 20 });
    expect(await surveyVideo()).toMatchObject({ required: false, maxRecordingSeconds: 20 });
    await call('PUT', `/api/admin/questions/${video.ID}`, unchanged);
  });

  it('leaves the guide to the question’s words when none is chosen', async () => {
    const created = await call(
      'POST',
      '/api/admin/questions',
      choiceBody({
        QuestionType: 'photo',
        QuestionText: 'Photo of your teeth, biting together',
        Overlay: null,
        Options: [],
      }),
    );
    expect(created.json()).toMatchObject({ Overlay: null, Required: false });
    const patient = await t.createPatient();
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/survey/questions',
      headers: patient.headers,
    });
    const photo = (reply.json() as SurveyQuestion[]).find((q) => q.id === created.json().ID)!;
    expect(photo.overlay).toBe('teeth-guide');
    await call('DELETE', `/api/admin/questions/${created.json().ID}`);
  });

  it('refuses a multiple-choice question without options, with a message', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/admin/questions',
      headers: { ...admin.headers, 'accept-language': 'de' },
      payload: choiceBody({ Options: [] }),
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(/Auswahlfrage/);
  });

  it.each([
    ['an unknown type', { QuestionType: 'essay' }],
    ['empty text', { QuestionText: '   ' }],
    ['a fractional order', { Order: 1.5 }],
    ['an unknown overlay', { Overlay: 'selfie' }],
    ['a recording shorter than 5 seconds', { MaxRecordingSeconds: 4 }],
    ['a recording longer than 300 seconds', { MaxRecordingSeconds: 301 }],
    ['a required flag that is not a boolean', { Required: 'yes' }],
    [
      'a translation for another language',
      { Translations: [{ LanguageID: 3, TranslatedText: 'x' }] },
    ],
    ['an extra field', { Secret: true }],
  ])('answers 400 with a message for %s', async (_, override) => {
    const reply = await call('POST', '/api/admin/questions', choiceBody(override));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toEqual(expect.any(String));
  });

  it('edits text, translation and options of an unanswered question', async () => {
    const created: AdminQuestion = (
      await call('POST', '/api/admin/questions', choiceBody())
    ).json();
    const [yes, no] = created.Options;
    const reply = await call(
      'PUT',
      `/api/admin/questions/${created.ID}`,
      choiceBody({
        QuestionText: 'Do you grind or clench your teeth?',
        Translations: [{ LanguageID: 2, TranslatedText: 'Knirschen oder pressen Sie?' }],
        Options: [
          { ID: no!.ID, OptionText: 'Never', Order: 1, IsActive: true, Translations: [] },
          {
            OptionText: 'Sometimes',
            Order: 2,
            IsActive: true,
            Translations: [{ LanguageID: 2, TranslatedText: 'Manchmal' }],
          },
        ],
      }),
    );
    expect(reply.statusCode).toBe(200);
    const edited: AdminQuestion = reply.json();
    expect(edited.QuestionText).toBe('Do you grind or clench your teeth?');
    expect(edited.Translations[0]!.TranslatedText).toBe('Knirschen oder pressen Sie?');
    expect(edited.Options.map((o) => o.OptionText)).toEqual(['Never', 'Sometimes']);
    expect(edited.Options[0]!.ID).toBe(no!.ID);
    expect(edited.Options[0]!.Translations).toEqual([]);
    // The unanswered option that was left out is gone for good.
    const rows = await t.database.db
      .select()
      .from(questionOptions)
      .where(eq(questionOptions.id, yes!.ID));
    expect(rows).toHaveLength(0);
  });

  it('refuses an option id of another question', async () => {
    const a: AdminQuestion = (await call('POST', '/api/admin/questions', choiceBody())).json();
    const b: AdminQuestion = (await call('POST', '/api/admin/questions', choiceBody())).json();
    const reply = await call(
      'PUT',
      `/api/admin/questions/${a.ID}`,
      choiceBody({
        Options: [{ ID: b.Options[0]!.ID, OptionText: 'Stolen', Order: 1, IsActive: true }],
      }),
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(/option/i);
  });

  it('answers 404 when editing or deleting a question that does not exist', async () => {
    expect((await call('PUT', '/api/admin/questions/999999', choiceBody())).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/questions/999999')).statusCode).toBe(404);
  });

  it('deletes an unanswered question', async () => {
    const created: AdminQuestion = (
      await call('POST', '/api/admin/questions', choiceBody())
    ).json();
    const reply = await call('DELETE', `/api/admin/questions/${created.ID}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ outcome: 'deleted' });
    expect((await listQuestions()).some((q) => q.ID === created.ID)).toBe(false);
  });
});

describe('questions that already have answers', () => {
  async function answered() {
    const created: AdminQuestion = (
      await call('POST', '/api/admin/questions', choiceBody())
    ).json();
    const patient = await t.createPatient();
    const chosen = created.Options[0]!;
    await t.database.db.insert(answers).values({
      userId: patient.id,
      assessmentId: patient.assessmentId,
      questionId: created.ID,
      optionId: chosen.ID,
    });
    return { created, chosen, patient };
  }

  it('deactivates instead of deleting, and keeps the answer', async () => {
    const { created, patient } = await answered();
    const reply = await call('DELETE', `/api/admin/questions/${created.ID}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ outcome: 'deactivated' });
    const listed = (await listQuestions()).find((q) => q.ID === created.ID)!;
    expect(listed).toMatchObject({ IsActive: false, ResponseCount: 1 });
    const kept = await t.database.db
      .select()
      .from(answers)
      .where(eq(answers.assessmentId, patient.assessmentId));
    expect(kept).toHaveLength(1);
  });

  it('deactivates a chosen option that an edit leaves out, and keeps the answer pointing at it', async () => {
    const { created, chosen, patient } = await answered();
    const other = created.Options[1]!;
    const reply = await call(
      'PUT',
      `/api/admin/questions/${created.ID}`,
      choiceBody({
        QuestionText: 'Edited wording',
        Options: [{ ID: other.ID, OptionText: 'No', Order: 1, IsActive: true }],
      }),
    );
    expect(reply.statusCode).toBe(200);
    const edited: AdminQuestion = reply.json();
    expect(edited.Options.find((o) => o.ID === chosen.ID)).toMatchObject({ IsActive: false });
    expect(edited.Options.find((o) => o.ID === other.ID)).toMatchObject({ IsActive: true });
    const [answer] = await t.database.db
      .select()
      .from(answers)
      .where(eq(answers.assessmentId, patient.assessmentId));
    expect(answer).toMatchObject({ questionId: created.ID, optionId: chosen.ID });
  });

  it('refuses to change the type of an answered question', async () => {
    const { created } = await answered();
    const reply = await call(
      'PUT',
      `/api/admin/questions/${created.ID}`,
      choiceBody({ QuestionType: 'text', Options: [] }),
    );
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toMatch(/type cannot be changed/);
    const [row] = await t.database.db.select().from(questions).where(eq(questions.id, created.ID));
    expect(row!.questionType).toBe('multiple_choice');
  });

  it('can reactivate a deactivated question by editing it', async () => {
    const { created } = await answered();
    await call('DELETE', `/api/admin/questions/${created.ID}`);
    const body = choiceBody({
      Options: created.Options.map((o) => ({
        ID: o.ID,
        OptionText: o.OptionText,
        Order: o.Order,
        IsActive: true,
      })),
    });
    const reply = await call('PUT', `/api/admin/questions/${created.ID}`, body);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().IsActive).toBe(true);
  });
});
