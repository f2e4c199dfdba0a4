import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assessments, questions, answers } from '../../src/server/schema';
import { postAnswer, surveyOf } from '../helpers/survey-api';
import { useTestApp, type TestUser } from '../helpers/test-app';
import { answerFieldsOf } from '../../src/shared/contracts/answer';

/**
 * Saves that reach the database at the same moment (on PGlite they share one commit): each is
 * checked, stored or refused on its own, and none is lost because another one failed.
 */
const t = useTestApp();

const save = (user: TestUser, body: Record<string, unknown>) =>
  postAnswer(t.app, user.headers, body);

const questionsOf = (user: TestUser) => surveyOf(t.app, user.headers);

const textAnswers = async (user: TestUser) =>
  (
    await t.database.db
      .select({ questionId: answers.questionId, value: answers.value })
      .from(answers)
      .where(eq(answers.assessmentId, user.assessmentId))
  )
    .map(({ questionId, value }) => ({ questionId, answerText: answerFieldsOf(value).answerText }))
    .sort((a, b) => a.questionId - b.questionId);

describe('saves sent at the same moment', () => {
  it('each stores or is refused on its own, with its own status', async () => {
    const list = await questionsOf(await t.createPatient());
    const [text, inactive] = list.filter((q) => q.questionType === 'text');
    const choice = list.find((q) => q.questionType === 'multiple_choice')!;
    const otherChoice = list.filter((q) => q.questionType === 'multiple_choice')[1]!;
    const patients = await Promise.all(Array.from({ length: 6 }, () => t.createPatient()));
    const [completed, loggedOut] = [await t.createPatient(), await t.createPatient()];
    // Every question's type is known to the server first, so each save below is one statement.
    for (const question of [text!, inactive!]) {
      expect(
        (await save(patients[0]!, { questionId: question.id, answerText: 'x' })).statusCode,
      ).toBe(200);
    }
    expect(
      (await save(patients[0]!, { questionId: choice.id, optionId: choice.options[0]!.id }))
        .statusCode,
    ).toBe(200);
    await t.database.db
      .update(questions)
      .set({ isActive: false })
      .where(eq(questions.id, inactive!.id));
    await t.database.db
      .update(assessments)
      .set({ status: 'submitted' })
      .where(eq(assessments.id, completed.assessmentId));
    await t.database.db
      .update(assessments)
      .set({ tokenVersion: sql`${assessments.tokenVersion} + 1` })
      .where(eq(assessments.id, loggedOut.assessmentId));

    const sent = [
      ...patients.map((patient) => ({
        patient,
        body: { questionId: text!.id, answerText: `mine ${patient.id}` },
        status: 200,
      })),
      { patient: patients[1]!, body: { questionId: inactive!.id, answerText: 'no' }, status: 404 },
      {
        patient: patients[2]!,
        body: { questionId: choice.id, optionId: otherChoice.options[0]!.id },
        status: 400,
      },
      { patient: completed, body: { questionId: text!.id, answerText: 'late' }, status: 409 },
      { patient: loggedOut, body: { questionId: text!.id, answerText: 'gone' }, status: 401 },
    ];
    const replies = await Promise.all(sent.map(({ patient, body }) => save(patient, body)));
    expect(replies.map((reply) => reply.statusCode)).toEqual(sent.map(({ status }) => status));

    for (const patient of patients) {
      expect((await textAnswers(patient)).find((a) => a.questionId === text!.id)).toEqual({
        questionId: text!.id,
        answerText: `mine ${patient.id}`,
      });
    }
    const refused = await t.database.db
      .select()
      .from(answers)
      .where(inArray(answers.assessmentId, [completed.assessmentId, loggedOut.assessmentId]));
    expect(refused).toEqual([]);
  });

  it('stores every other save when the database fails one of them', async () => {
    const list = await questionsOf(await t.createPatient());
    const texts = list.filter((q) => q.questionType === 'text').slice(0, 2);
    const patients = await Promise.all(Array.from({ length: 8 }, () => t.createPatient()));
    for (const question of texts) {
      expect(
        (await save(patients[0]!, { questionId: question.id, answerText: 'x' })).statusCode,
      ).toBe(200);
    }
    // A fault of the database in one statement (here a trigger), as a full disk would be.
    await t.database.db.execute(sql`
      CREATE FUNCTION refuse_marked_answer() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.value->>'answerText' = 'fails' THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NEW;
      END $$`);
    await t.database.db.execute(sql`
      CREATE TRIGGER refuse_marked_answer BEFORE INSERT OR UPDATE ON answers
      FOR EACH ROW EXECUTE FUNCTION refuse_marked_answer()`);

    const replies = await Promise.all(
      patients.flatMap((patient, i) =>
        texts.map((question) =>
          save(patient, {
            questionId: question.id,
            answerText: i === 3 && question === texts[1] ? 'fails' : `${patient.id}/${question.id}`,
          }),
        ),
      ),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(
      patients.flatMap((_, i) =>
        texts.map((question) => (i === 3 && question === texts[1] ? 500 : 200)),
      ),
    );
    for (const [i, patient] of patients.entries()) {
      expect(await textAnswers(patient)).toEqual(
        texts
          .filter((question) => !(i === 3 && question === texts[1]))
          .map((question) => ({
            questionId: question.id,
            answerText: `${patient.id}/${question.id}`,
          })),
      );
    }
  });

  // On PostgreSQL a pool runs requests in flight together side by side, in no given order.
  it.skipIf(process.env.TEST_DATABASE_URL)(
    'keeps the last of several saves of one answer sent one after another',
    async () => {
      const patient = await t.createPatient();
      const text = (await questionsOf(patient)).find((q) => q.questionType === 'text')!;
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          save(patient, { questionId: text.id, answerText: `${i}` }),
        ),
      );
      expect(replies.every((reply) => reply.statusCode === 200)).toBe(true);
      const [stored] = await textAnswers(patient);
      expect(stored?.answerText).toBe('19');
    },
  );
});
