import { execFile } from 'node:child_process';
import { copyFile, mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AdminAssessmentAnswers } from '../../src/shared/contracts/admin-patients';
import type { QueuedAssessment } from '../../src/shared/contracts/review';
import { EVALUATION_WORKING_DAYS } from '../../src/server/platform/calendar/practice-calendar';
import { apiAsPage, signInAsAdmin } from '../helpers/admin-browser';
import { answerQuestionsBefore, insertPatient } from '../helpers/admin-seed';
import { accessibilityViolations, DESKTOP, PHONE, SCREENSHOT_DIR } from '../helpers/browser';
import { useE2e } from '../helpers/e2e-fixture';
import { makeSampleMedia } from '../helpers/sample-media';
import { answerWholeSurvey, LABELS, shot, signIn, TOTAL } from '../helpers/survey-browser';
import { csvRecords } from '../helpers/csv';
import { openFromQueue, sendEvaluation, writeEvaluation } from '../helpers/evaluation-browser';
import { readMail } from '../helpers/mail';
import { PRACTICE_CALENDAR, practiceDay, PRACTICE_TIMEZONE } from '../helpers/practice-day';

const run = promisify(execFile);
const PRACTICE_EMAIL = 'practice@dental.example';
const PATIENT = { firstName: 'Greta', lastName: 'Gnathos', email: 'greta.gnathos@example.org' };
/** What answerQuestion types into every text question. */
const TEXT_ANSWER = 'jaw pain since spring';

const e2e = useE2e({
  admin: true,
  env: { PRACTICE_EMAIL },
  // Every answer but the last is stored as the browser walk would store it (the whole walk is
  // survey.test.ts'): the patient completes the survey in the browser from its last question.
  seed: async ({ db, media }) => {
    const patient = await insertPatient(db, { ...PATIENT, language: 'en' });
    const files = await makeSampleMedia(e2e.browser);
    await answerQuestionsBefore(db, await media(), patient, files, TOTAL);
    return { patientCode: patient.code };
  },
});

/** Clicks a control that downloads a file and saves the file under a temporary name. */
async function downloadVia(page: Page, click: () => Promise<void>, name: string) {
  const [download] = (await Promise.all([page.waitForEvent('download'), click()])) as [
    Download,
    void,
  ];
  const dir = join(e2e.dataDir, 'downloads');
  await mkdir(dir, { recursive: true });
  const path = join(dir, name);
  await download.saveAs(path);
  return { path, suggested: download.suggestedFilename() };
}

const formatDay = (date: Date) => practiceDay(date, 'en-GB');

describe('the dentist reviews a completed assessment', () => {
  it('gets the notification, works the queue, downloads the case report and the CSV', async () => {
    // The patient completes the survey in the browser, at its last question.
    const patientPage = await e2e.newPage();
    await signIn(patientPage, LABELS.en, e2e.seeded.patientCode);
    await answerWholeSurvey(patientPage, LABELS.en);
    await patientPage.context().close();
    const today = new Date();
    // The server's default practice: Berlin.
    const due = PRACTICE_CALENDAR.addWorkingDays(today, EVALUATION_WORKING_DAYS);
    const dueInBerlin = new Intl.DateTimeFormat('en-GB', {
      timeZone: PRACTICE_TIMEZONE,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }).format(due);

    // The practice is told, with a link and without health data.
    let notification: string | undefined;
    await expect
      .poll(
        async () => {
          notification = (await e2e.server.outbox()).find((mail) => mail.includes(PRACTICE_EMAIL));
          return notification !== undefined;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(notification).toContain(`${e2e.server.baseUrl}/admin/review`);
    expect(readMail(notification!).text).toContain(`due on ${dueInBerlin},`);
    for (const secret of [PATIENT.firstName, PATIENT.lastName, PATIENT.email, TEXT_ANSWER]) {
      expect(notification).not.toContain(secret);
    }
    const assessmentId = Number(/#(\d+)/.exec(notification!)?.[1]);
    expect(assessmentId).toBeGreaterThan(0);

    // The admin finds it in the queue, due two working days from today.
    const page = await e2e.newPage({ viewport: DESKTOP });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    try {
      await signInAsAdmin(page, e2e.admin);
      await page.goto('/admin/review');
      const row = page.getByTestId(`assessment-${assessmentId}`);
      await row.waitFor();
      await expect.poll(() => row.innerText()).toContain(formatDay(due));
      expect(await row.innerText()).toContain(`${PATIENT.firstName} ${PATIENT.lastName}`);
      const queue = await apiAsPage<{ assessments: QueuedAssessment[] }>(
        page,
        '/api/admin/review-queue?view=open',
      );
      const queued = queue.body.assessments.find((a) => a.id === assessmentId)!;
      expect(queued.status).toBe('submitted');
      expect(queued.dueAt!.slice(0, 10)).toBe(due.toISOString().slice(0, 10));
      expect(queued.overdue).toBe(false);
      const screener = queued.screener!;
      expect(screener).toMatchObject({ maxScore: 7, cutoff: 3 });
      // Every item answered with its second option: 1 point each.
      expect(screener.score).toBe(6);
      expect(await row.getByTestId('screener-chip').innerText()).toBe('6 / 7 · positive');
      expect(await accessibilityViolations(page)).toEqual([]);
      await shot(page, 'review-queue-1280');
      await page.setViewportSize(PHONE);
      await shot(page, 'review-queue-390');
      await page.setViewportSize(DESKTOP);

      // Opened from the queue (into review), the evaluation written and sent in the editor.
      await openFromQueue(page, assessmentId);
      await expect.poll(() => page.getByTestId('review-status').innerText()).toBe('In review');
      await writeEvaluation(page, {
        conclusion: 'No signs of CMD',
        findings: 'No tenderness.',
        recommendations: 'None.',
      });
      await sendEvaluation(page);
      await page.goto('/admin/review');
      await expect.poll(() => row.count()).toBe(0);
      await page.getByRole('tab', { name: 'Evaluated' }).click();
      await row.waitFor();
      // Sent today, as the practice's calendar counts days.
      expect(await row.innerText()).toContain(formatDay(new Date()));
      expect(await row.innerText()).toContain('Evaluated');
      await page.waitForTimeout(400); // the tab indicator's slide
      await shot(page, 'review-queue-evaluated-1280');

      // The case report, downloaded through the UI.
      const pdf = await downloadVia(
        page,
        () => row.getByRole('button', { name: `Case report (PDF) #${assessmentId}` }).click(),
        'report.pdf',
      );
      expect(pdf.suggested).toBe(`assessment-${assessmentId}.pdf`);
      const { stdout: text } = await run('pdftotext', ['-enc', 'UTF-8', pdf.path, '-']);
      const flat = text.replace(/\s+/g, ' ');
      expect(flat).toContain(`${PATIENT.firstName} ${PATIENT.lastName}`);
      expect(flat).toContain(TEXT_ANSWER);
      expect(flat).toContain('From very brief to more than a week, but it does stop');
      expect(flat).toContain(`Score ${screener.score} of 7`);
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      // The whole report too, for a reviewer.
      await copyFile(pdf.path, join(SCREENSHOT_DIR, '..', 'case-report.pdf'));
      const pagePng = join(SCREENSHOT_DIR, 'case-report-page1');
      await run('pdftoppm', [
        '-png',
        '-r',
        '80',
        '-f',
        '1',
        '-l',
        '1',
        '-singlefile',
        pdf.path,
        pagePng,
      ]);
      expect((await stat(`${pagePng}.png`)).size).toBeGreaterThan(10_000);

      // The CSV export: one row per answer (this is the only patient), plus the header.
      const csv = await downloadVia(
        page,
        () => page.getByRole('button', { name: 'Export all answers (CSV)' }).click(),
        'answers.csv',
      );
      const records = csvRecords(await readFile(csv.path, 'utf8'));
      const answers = await apiAsPage<AdminAssessmentAnswers>(
        page,
        `/api/admin/assessments/${assessmentId}/answers`,
      );
      expect(answers.body.responses.length).toBeGreaterThan(15);
      expect(records.length).toBe(answers.body.responses.length + 1);
      const header = records[0]!;
      expect(records.every((record) => record.length === header.length)).toBe(true);
      const textColumn = header.indexOf('answer_text');
      expect(records.filter((r) => r[textColumn]?.includes(TEXT_ANSWER)).length).toBeGreaterThan(0);

      // The responses view shows the same assessment with its status, screener and report button.
      await page.goto('/admin/responses');
      await page.getByTestId('patient-accordion').first().click();
      const code = page.getByTestId('access-code').first();
      await code.waitFor();
      expect(await code.getByTestId('review-status').innerText()).toBe('Evaluated');
      expect(await code.getByTestId('screener-chip').innerText()).toBe(
        'TMD screener: 6 / 7 · positive',
      );
      expect(await accessibilityViolations(page)).toEqual([]);
      await shot(page, 'responses-assessment-1280');
      const fromResponses = await downloadVia(
        page,
        () => code.getByRole('button', { name: `Case report (PDF) #${assessmentId}` }).click(),
        'from-responses.pdf',
      );
      expect((await readFile(fromResponses.path)).subarray(0, 5).toString()).toBe('%PDF-');
      await page.setViewportSize(PHONE);
      await shot(page, 'responses-assessment-390');
      expect(pageErrors).toEqual([]);
    } catch (error) {
      await shot(page, 'dentist-failure').catch(() => undefined);
      throw error;
    }
  }, 300_000);
});
