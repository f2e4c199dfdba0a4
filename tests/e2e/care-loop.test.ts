import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EVALUATION_WORKING_DAYS } from '../../src/server/platform/calendar/practice-calendar';
import { signInAsAdmin } from '../helpers/admin-browser';
import { answerQuestionsBefore, insertPatient } from '../helpers/admin-seed';
import { accessibilityViolations, DESKTOP, PHONE } from '../helpers/browser';
import { useE2e } from '../helpers/e2e-fixture';
import { openFromQueue, sendEvaluation, writeEvaluation } from '../helpers/evaluation-browser';
import { readMail } from '../helpers/mail';
import { PRACTICE_CALENDAR, practiceDay } from '../helpers/practice-day';
import { makeSampleMedia } from '../helpers/sample-media';
import {
  answerWholeSurvey,
  LABELS,
  shot,
  signIn,
  TOTAL,
  type Lang,
} from '../helpers/survey-browser';

const run = promisify(execFile);
const PATIENTS = {
  en: { email: 'care-en@example.org', firstName: 'Emma', lastName: 'English', language: 'en' },
  de: { email: 'care-de@example.org', firstName: 'Dora', lastName: 'Deutsch', language: 'de' },
} as const;
const EVALUATION = {
  findings: 'Tenderness of the left masseter; mouth opening slightly limited.',
  recommendations: 'Clinical function analysis at the practice within four weeks.',
};
/** What the patient sees, by language. */
const PATIENT_TEXT = {
  en: {
    statusTitle: 'You did it! Very good!',
    conclusion: 'Signs of CMD: clinical examination recommended',
    mailSubject: 'Your evaluation is ready',
    disclaimer: 'not a diagnosis',
    download: 'Download as PDF',
    pdfTitle: "Dentist's evaluation",
    locale: 'en-GB',
  },
  de: {
    statusTitle: 'Geschafft! Sehr gut!',
    conclusion: 'Anzeichen einer CMD: klinische Untersuchung empfohlen',
    mailSubject: 'Ihre Auswertung liegt vor',
    disclaimer: 'keine Diagnose',
    download: 'Als PDF herunterladen',
    pdfTitle: 'Zahnärztliche Auswertung',
    locale: 'de-DE',
  },
};

const e2e = useE2e({
  admin: true,
  env: {
    PRACTICE_EMAIL: 'practice@dental.example',
    PRACTICE_NAME: 'Zahnarztpraxis Dr. Muster',
    PRACTICE_ADDRESS: 'Hauptstraße 1 | 10115 Berlin',
    PRACTICE_PHONE: '+49 30 1234567',
  },
  // Every answer but the last is stored as the browser walk would store it (the whole walk in
  // both languages is survey.test.ts'): the patient completes the survey from its last question.
  seed: async ({ db, media }) => {
    const files = await makeSampleMedia(e2e.browser);
    const patient = async (language: Lang) => {
      const created = await insertPatient(db, { ...PATIENTS[language] });
      await answerQuestionsBefore(db, await media(), created, files, TOTAL);
      return created;
    };
    return { en: await patient('en'), de: await patient('de') };
  },
});

async function bothWidths(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await shot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
  await shot(page, `${name}-1280`);
}

async function patientPage(language: Lang) {
  return e2e.newPage({ locale: language === 'de' ? 'de-DE' : 'en-US', viewport: DESKTOP });
}

/**
 * The whole loop in one test: the survey's last question, the dentist's editor, the mail and the
 * PDF, past the suite's 120 s beside other work on a 2-core machine: this limit is the
 * scenario's length, not a wait for anything.
 */
const WHOLE_LOOP_MS = 300_000;

describe.each(['en', 'de'] as const)('the care loop in %s', (language) => {
  it(
    'patient completes, dentist writes and sends, patient reads and downloads it',
    { timeout: WHOLE_LOOP_MS },
    async () => {
      const L = LABELS[language];
      const T = PATIENT_TEXT[language];
      const seeded = e2e.seeded[language];
      const patient = PATIENTS[language];
      const pageErrors: string[] = [];

      // The patient completes the survey and sees where the assessment stands.
      const survey = await patientPage(language);
      survey.on('pageerror', (error) => pageErrors.push(error.message));
      await signIn(survey, L, seeded.code);
      await answerWholeSurvey(survey, L);
      const status = survey.getByTestId('assessment-status');
      await status.waitFor();
      const due = PRACTICE_CALENDAR.addWorkingDays(new Date(), EVALUATION_WORKING_DAYS);
      expect(await status.getByTestId('due-on').innerText()).toBe(practiceDay(due, T.locale));
      expect(await status.getByTestId('submitted-on').innerText()).toBe(
        practiceDay(new Date(), T.locale),
      );
      expect(await status.innerText()).toContain(T.statusTitle);
      expect(await accessibilityViolations(survey)).toEqual([]);
      await bothWidths(survey, `care-status-${language}`);
      // Reloading (or signing in again) shows the status, not "Question 1 of 21".
      await survey.reload();
      await survey.getByTestId('assessment-status').waitFor();
      expect(await survey.getByTestId('question-counter').count()).toBe(0);
      await survey.context().close();

      // The dentist opens it from the queue, writes the evaluation and sends it.
      const admin = await e2e.newPage({ viewport: DESKTOP });
      admin.on('pageerror', (error) => pageErrors.push(error.message));
      await signInAsAdmin(admin, e2e.admin);
      await openFromQueue(admin, seeded.assessmentId);
      // Opening it took it into review; the answers are beside the editor.
      await expect.poll(() => admin.getByTestId('review-status').innerText()).toBe('In review');
      await admin.getByTestId('responses-table').waitFor();
      await writeEvaluation(admin, {
        conclusion: 'Signs of CMD: clinical examination recommended',
        ...EVALUATION,
      });
      // The preview is in the patient's language, free text as written.
      const preview = admin.getByTestId('evaluation-preview');
      expect(await preview.getByTestId('evaluation-conclusion').innerText()).toBe(T.conclusion);
      expect(await preview.innerText()).toContain(EVALUATION.findings);
      expect(await accessibilityViolations(admin)).toEqual([]);
      await bothWidths(admin, `care-editor-${language}`);
      // The practice's conclusion list, edited in both languages, opens from the editor.
      await admin.getByRole('button', { name: 'Edit list' }).click();
      const list = admin.getByRole('dialog', { name: 'Conclusion list' });
      await expect.poll(() => list.getByTestId('conclusion-row').count()).toBe(4); // 3 + a new one
      await admin.waitForTimeout(400); // the dialog's fade
      expect(await accessibilityViolations(admin)).toEqual([]);
      await shot(admin, `care-conclusions-${language}-1280`);
      await list.getByRole('button', { name: 'Close' }).click();
      await list.waitFor({ state: 'detached' });
      const before = (await e2e.server.outbox()).length;
      await sendEvaluation(admin);
      expect(await admin.getByRole('textbox', { name: 'Findings' }).count()).toBe(0);
      await shot(admin, `care-editor-sent-${language}-1280`);
      await admin.context().close();

      // The patient is told by e-mail, without the evaluation in it.
      let mail: ReturnType<typeof readMail> | undefined;
      await expect
        .poll(
          async () => {
            mail = (await e2e.server.outbox())
              .slice(before)
              .map(readMail)
              .find((m) => m.to.includes(patient.email));
            return mail !== undefined;
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      expect(mail!.subject).toBe(T.mailSubject);
      for (const secret of [T.conclusion, EVALUATION.findings, EVALUATION.recommendations]) {
        expect(mail!.text).not.toContain(secret);
        expect(mail!.html).not.toContain(secret);
      }
      expect(mail!.text).toContain(`${e2e.server.baseUrl}/`);

      // Signing in with the access code, the patient reads the evaluation and downloads the PDF.
      const reader = await patientPage(language);
      reader.on('pageerror', (error) => pageErrors.push(error.message));
      await signIn(reader, L, seeded.code);
      const evaluation = reader.getByTestId('evaluation');
      await evaluation.waitFor();
      expect(await evaluation.getByTestId('evaluation-conclusion').innerText()).toBe(T.conclusion);
      expect(await evaluation.innerText()).toContain(EVALUATION.recommendations);
      expect(await reader.getByTestId('disclaimer').innerText()).toContain(T.disclaimer);
      expect(await accessibilityViolations(reader)).toEqual([]);
      await bothWidths(reader, `care-evaluation-${language}`);

      const [download] = (await Promise.all([
        reader.waitForEvent('download'),
        reader.getByRole('button', { name: T.download }).click(),
      ])) as [Download, void];
      const dir = join(e2e.dataDir, 'downloads');
      await mkdir(dir, { recursive: true });
      const pdf = join(dir, `evaluation-${language}.pdf`);
      await download.saveAs(pdf);
      const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', pdf, '-']);
      const text = stdout.replace(/\s+/g, ' ');
      for (const expected of [
        'Zahnarztpraxis Dr. Muster',
        'Hauptstraße 1',
        T.pdfTitle,
        `${patient.firstName} ${patient.lastName}`,
        T.conclusion,
        EVALUATION.findings,
        T.disclaimer,
      ]) {
        expect(text).toContain(expected);
      }
      await reader.context().close();
      expect(pageErrors).toEqual([]);
    },
  );
});
