import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { answers } from '../../src/server/schema';
import { answerScreener, firstQuestionOfType, storedAnswer } from '../helpers/seed-answers';
import { useAdmin, useTestApp, type TestUser } from '../helpers/test-app';

const run = promisify(execFile);
const t = useTestApp();
const admin = useAdmin(t);

const SCREENSHOTS = 'test-results/screenshots';

/** Names and answers in Latin Extended, Greek, Cyrillic and Japanese, which Helvetica cannot print. */
const PATIENTS = [
  { firstName: 'Łukasz', lastName: 'Şahin', city: 'Gdańsk', answer: 'Szczęka trzeszczy, ból ucha' },
  { firstName: 'Σωκράτης', lastName: 'Παπαδόπουλος', city: 'Αθήνα', answer: 'Πονάει το σαγόνι' },
  { firstName: 'Юлия', lastName: 'Кузнецова', city: 'Москва', answer: 'Щёлкает челюсть утром' },
  // Japanese and an emoji: the fallback fonts (Noto Sans SC, Noto Emoji), never an empty box.
  { firstName: '美咲', lastName: '佐藤', city: '東京', answer: '顎が痛い 😬 朝' },
];

async function reportText(patient: TestUser, name: string): Promise<string> {
  const reply = await t.app.inject({
    method: 'GET',
    url: `/api/admin/assessments/${patient.assessmentId}/report.pdf`,
    headers: admin.headers,
  });
  expect(reply.statusCode).toBe(200);
  await mkdir(SCREENSHOTS, { recursive: true });
  const pdf = join(SCREENSHOTS, `${name}.pdf`);
  await writeFile(pdf, reply.rawPayload);
  // The first page as an image, to look at what the practice prints.
  await run('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdf, join(SCREENSHOTS, name)]);
  return (await run('pdftotext', ['-enc', 'UTF-8', pdf, '-'])).stdout;
}

describe('case report PDF', () => {
  it('prints Latin Extended, Greek, Cyrillic, Japanese and emoji names and answers as written', async () => {
    const text = await firstQuestionOfType(t.database.db, 'text');
    for (const [index, person] of PATIENTS.entries()) {
      const patient = await t.createPatient({
        firstName: person.firstName,
        lastName: person.lastName,
        city: person.city,
        dateOfBirth: '1979-06-30',
      });
      await answerScreener(t.database.db, patient, [1, 0, 1, 0, 1, 0]);
      await t.database.db.insert(answers).values({
        userId: patient.id,
        assessmentId: patient.assessmentId,
        questionId: text.id,
        ...storedAnswer({ answerText: person.answer }),
      });
      const printed = await reportText(patient, `report-unicode-${index + 1}`);
      expect(printed).toContain(`${person.firstName} ${person.lastName}`);
      expect(printed).toContain(person.city);
      expect(printed).toContain(person.answer);
      // The masked access code and dashes still print (they came from Helvetica's WinAnsi set).
      expect(printed).toContain('••••-••••-••••-');
    }
    const fonts = (await run('pdffonts', [join(SCREENSHOTS, 'report-unicode-4.pdf')])).stdout;
    expect(fonts).toMatch(/\+NotoSansSC-Regular/);
    expect(fonts).toMatch(/\+NotoEmoji-Regular/);
  });
});
