import { storedAnswer } from '../helpers/seed-answers';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminQuestion } from '../../src/shared/contracts/admin-questions';
import {
  optionTranslations,
  questionOptions,
  questions,
  questionTranslations,
  answers,
} from '../../src/server/schema';
import { insertPatient } from '../helpers/admin-seed';
import { apiAsPage, dialogScreenshot, TABLET } from '../helpers/admin-browser';
import { accessibilityViolations, chooseLanguage, PHONE, screenshot } from '../helpers/browser';
import { useE2e } from '../helpers/e2e-fixture';

const e2e = useE2e({
  admin: true,
  seed: async ({ db }) => {
    // A patient who has answered every question so far: the survey opens at the first
    // unanswered one, which will be the question the admin adds ...
    const patient = await insertPatient(db, {
      email: 'survey.patient@example.org',
      firstName: 'Sam',
      lastName: 'Patient',
    });
    // ... except the question the admin deletes below, which has no answers and so really goes.
    const active = (
      await db
        .select({ id: questions.id, text: questions.questionText })
        .from(questions)
        .where(eq(questions.isActive, true))
    ).filter((q) => !q.text.includes('main complaint'));
    await db.insert(answers).values(
      active.map((q) => ({
        userId: patient.userId,
        assessmentId: patient.assessmentId,
        questionId: q.id,
        ...storedAnswer({ answerText: 'seeded' }),
      })),
    );
    return { patientCode: patient.code };
  },
});
let page: Page;
beforeAll(async () => {
  page = await e2e.adminPage({ timeout: 15_000 });
});

const rowWithText = (text: string) => page.getByTestId('question-row').filter({ hasText: text });

describe('an administrator manages the questionnaire', () => {
  let created: AdminQuestion;

  it('shows the questions table', async () => {
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Questions Management' }).waitFor();
    await page.getByTestId('question-row').first().waitFor();
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Order', 'Type', 'Question', 'Options', 'Actions']);
    await screenshot(page, 'admin-questions-1280');
  });

  it('adds a multiple-choice question with two options in English and German', async () => {
    const count = await page.getByTestId('question-row').count();
    await page.getByRole('button', { name: 'Add Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Question' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Order').inputValue()).toBe(String(count + 1));

    await dialog.getByRole('combobox', { name: 'Question Type' }).click();
    await page.getByRole('option', { name: 'Multiple choice' }).click();
    await dialog.getByLabel('Question Text (English)').fill('How often do you chew gum?');
    await dialog.getByLabel('German Translation').fill('Wie oft kauen Sie Kaugummi?');
    await dialog.getByLabel('Option 1 (English)').fill('Daily');
    await dialog.getByLabel('Option 1 (German)').fill('Täglich');
    await dialog.getByLabel('Option 2 (English)').fill('Rarely');
    await dialog.getByLabel('Option 2 (German)').fill('Selten');
    await dialogScreenshot(page, 'admin-question-dialog-1280');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = rowWithText('How often do you chew gum?');
    await row.waitFor();
    expect(await row.textContent()).toContain('Daily, Rarely');
    const list = (await apiAsPage<AdminQuestion[]>(page, '/api/admin/questions')).body;
    created = list.find((q) => q.QuestionText === 'How often do you chew gum?')!;
    expect(created).toMatchObject({
      QuestionType: 'multiple_choice',
      Order: count + 1,
      IsActive: true,
      Translations: [{ LanguageID: 2, TranslatedText: 'Wie oft kauen Sie Kaugummi?' }],
    });
    expect(created.Options.map((o) => [o.OptionText, o.Translations[0]?.TranslatedText])).toEqual([
      ['Daily', 'Täglich'],
      ['Rarely', 'Selten'],
    ]);
  });

  it('edits the question and its options', async () => {
    await rowWithText('How often do you chew gum?')
      .getByRole('button', { name: /^Edit question/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Question' });
    await dialog.waitFor();
    await dialog.getByLabel('Question Text (English)').fill('How often do you chew gum each week?');
    await dialog.getByLabel('Option 2 (English)').fill('Never');
    await dialog.getByLabel('Option 2 (German)').fill('Nie');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = rowWithText('How often do you chew gum each week?');
    await row.waitFor();
    expect(await row.textContent()).toContain('Daily, Never');
  });

  it('shows the question in German when the language is switched', async () => {
    await chooseLanguage(page, 'Deutsch');
    await page.getByRole('heading', { name: 'Fragenverwaltung' }).waitFor();
    const row = rowWithText('Wie oft kauen Sie Kaugummi?');
    await row.waitFor();
    expect(await row.textContent()).toContain('Täglich, Nie');
    await screenshot(page, 'admin-questions-de-1280');
    await chooseLanguage(page, 'English');
    await page.getByRole('heading', { name: 'Questions Management' }).waitFor();
  });

  it('offers overlay guides with a preview for photo questions', async () => {
    await page.getByRole('button', { name: 'Add Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Question' });
    await dialog.getByRole('combobox', { name: 'Question Type' }).click();
    await page.getByRole('option', { name: 'Photo' }).click();
    await dialog.getByTestId('overlay-teeth-guide').waitFor();
    expect(await dialog.getByTestId('overlay-teeth-guide').textContent()).toContain('Teeth');
    // The picker is a radio group of labelled rows: no control nested in another, no stray list
    // items, and a click on the row's text picks the guide.
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByTestId('overlay-look-up').click();
    expect(await dialog.getByRole('radio', { name: 'Look up' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Preview Teeth guide' }).click();
    const preview = page.getByRole('dialog', { name: 'Overlay guide: Teeth guide' });
    await preview.waitFor();
    expect(await preview.textContent()).toContain('Open your mouth wide');
    expect(
      await preview.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0);
    await dialogScreenshot(page, 'admin-overlay-preview-1280');
    await preview.getByRole('button', { name: 'Use this guide' }).click();
    await preview.waitFor({ state: 'detached' });
    await dialogScreenshot(page, 'admin-question-photo-dialog-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('deletes another question after the confirmation', async () => {
    const target = page.getByTestId('question-row').filter({ hasText: 'main complaint' });
    const before = await page.getByTestId('question-row').count();
    await target.getByRole('button', { name: /^Delete question/ }).click();
    const confirm = page.getByRole('dialog', {
      name: 'Are you sure you want to delete this question?',
    });
    await confirm.waitFor();
    await dialogScreenshot(page, 'admin-question-delete-1280');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('Question deleted').waitFor();
    expect(await page.getByTestId('question-row').count()).toBe(before - 1);
    expect(await target.count()).toBe(0);
  });

  it('shows the new question to a patient in the survey, in English and in German', async () => {
    const survey = await e2e.newPage({ locale: 'en-GB' });
    await survey.goto('/');
    await survey.getByRole('button', { name: 'I have an access code' }).click();
    await survey.getByLabel(/^Access code/).fill(e2e.seeded.patientCode);
    await survey.getByRole('button', { name: 'Sign in' }).click();
    await survey.waitForURL('**/app');
    await survey.getByRole('heading', { name: 'How often do you chew gum each week?' }).waitFor();
    // The options arrive with the input's own code, a moment after the heading.
    await survey.getByRole('radio', { name: 'Daily' }).waitFor();
    expect(await survey.getByRole('radio', { name: 'Daily' }).count()).toBe(1);
    expect(await survey.getByRole('radio', { name: 'Never' }).count()).toBe(1);

    await chooseLanguage(survey, 'Deutsch');
    await survey.getByRole('heading', { name: 'Wie oft kauen Sie Kaugummi?' }).waitFor();
    await survey.getByRole('radio', { name: 'Täglich' }).waitFor();
    expect(await survey.getByRole('radio', { name: 'Täglich' }).count()).toBe(1);
    expect(await survey.getByRole('radio', { name: 'Nie' }).count()).toBe(1);
  });

  it('keeps "No guide", the required switch and the recording length of a video question', async () => {
    const row = rowWithText('move your lower jaw');
    expect(await row.getByTestId('question-required').innerText()).toBe('Required');
    const open = async () => {
      await row.getByRole('button', { name: /^Edit question/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Question' });
      await dialog.waitFor();
      return dialog;
    };
    let dialog = await open();
    const noGuide = dialog.getByRole('radio', { name: 'No guide' });
    expect(await noGuide.isChecked()).toBe(true);
    expect(await dialog.getByRole('switch', { name: 'Required' }).isChecked()).toBe(true);
    await dialog.getByLabel('Longest recording (seconds)').fill('400');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter a whole number of seconds from 5 to 300.').waitFor();
    await dialog.getByLabel('Longest recording (seconds)').fill('30');
    await dialog.getByRole('switch', { name: 'Required' }).uncheck();
    await dialogScreenshot(page, 'admin-question-video-dialog-1280');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Question saved').waitFor();
    expect(await row.getByTestId('question-required').count()).toBe(0);

    dialog = await open();
    expect(await dialog.getByRole('radio', { name: 'No guide' }).isChecked()).toBe(true);
    expect(await dialog.getByLabel('Longest recording (seconds)').inputValue()).toBe('30');
    expect(await dialog.getByRole('switch', { name: 'Required' }).isChecked()).toBe(false);
    await dialog.getByRole('switch', { name: 'Required' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByTestId('question-required').waitFor();
  });

  it('works at tablet width', async () => {
    await page.setViewportSize(TABLET);
    await page.reload();
    await page.getByTestId('question-row').first().waitFor();
    await screenshot(page, 'admin-questions-820');
    await page.getByRole('button', { name: 'Add Question' }).click();
    await page.getByRole('dialog', { name: 'Add New Question' }).waitFor();
    await dialogScreenshot(page, 'admin-question-dialog-820');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize(PHONE);
    await screenshot(page, 'admin-questions-390');
  });

  it('stored the new question with translations, and removed the deleted one', async () => {
    await e2e.stopAndReadDatabase(async (db) => {
      const [row] = await db.select().from(questions).where(eq(questions.id, created.ID));
      expect(row).toMatchObject({
        questionText: 'How often do you chew gum each week?',
        isActive: true,
      });
      const [german] = await db
        .select()
        .from(questionTranslations)
        .where(eq(questionTranslations.questionId, created.ID));
      expect(german!.translatedText).toBe('Wie oft kauen Sie Kaugummi?');
      const options = await db
        .select({ text: questionOptions.optionText, de: optionTranslations.translatedText })
        .from(questionOptions)
        .leftJoin(optionTranslations, eq(optionTranslations.optionId, questionOptions.id))
        .where(eq(questionOptions.questionId, created.ID))
        .orderBy(questionOptions.sortOrder);
      expect(options).toEqual([
        { text: 'Daily', de: 'Täglich' },
        { text: 'Never', de: 'Nie' },
      ]);
      const all = await db.select({ text: questions.questionText }).from(questions);
      expect(all.some((q) => q.text.includes('main complaint'))).toBe(false);
    });
  });
});
