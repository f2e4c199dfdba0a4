import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SurveyQuestion } from '../../src/shared/contracts/survey';
import { insertPatientAtFirst } from '../helpers/admin-seed';
import { accessibilityViolations, PHONE } from '../helpers/browser';
import { useE2e } from '../helpers/e2e-fixture';
import { LABELS, shot, signIn, type Lang } from '../helpers/survey-browser';

/** The texts of this file's steps, beside the survey's shared labels. */
const TEXT = {
  en: {
    back: 'Back',
    discard: 'Discard complaint',
    unfinished: /You have started an entry above/,
    none: 'No complaints recorded yet.',
  },
  de: {
    back: 'Zurück',
    discard: 'Beschwerde verwerfen',
    unfinished: /Sie haben oben einen Eintrag begonnen/,
    none: 'Noch keine Beschwerden erfasst.',
  },
} as const;

// One server; each test has its own patient, signed in at the symptom list.
const e2e = useE2e({
  seed: async ({ db }) => {
    const atSymptoms = async (language: Lang, tag: string) =>
      (await insertPatientAtFirst(db, 'pain_symptoms', { email: `${tag}@example.org`, language }))
        .code;
    return {
      complete: await atSymptoms('de', 'symptoms-complete-de'),
      partial: await atSymptoms('en', 'symptoms-partial-en'),
      keyboard: await atSymptoms('en', 'symptoms-keyboard-en'),
    };
  },
});

/** The symptom question as the server stores it, read with the patient's own session. */
const storedSymptoms = (page: Page) =>
  page.evaluate(async () => {
    const reply = await fetch('/api/survey/questions', {
      headers: { authorization: `Bearer ${localStorage.getItem('auth_token') ?? ''}` },
    });
    const questions = (await reply.json()) as SurveyQuestion[];
    return questions.find((q) => q.questionType === 'pain_symptoms')?.answer?.symptoms ?? [];
  });

async function openAtSymptoms(language: Lang, code: string) {
  const L = LABELS[language];
  const page = await e2e.newPage({
    locale: language === 'de' ? 'de-DE' : 'en-US',
    viewport: PHONE,
  });
  await signIn(page, L, code);
  await expect
    .poll(() => page.getByTestId('question-type').innerText())
    .toBe(L.types.pain_symptoms);
  return { page, L };
}

/** Chooses the complaint and then the given steps, as a patient taps them. */
async function choose(page: Page, L: (typeof LABELS)[Lang], steps: string[]) {
  await page.getByRole('combobox', { name: L.chooseComplaint }).click();
  await page.getByRole('option', { name: L.complaints[1], exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  for (const step of steps) await page.getByRole('radio', { name: step, exact: true }).click();
}

describe('a complaint entered in the symptom list', () => {
  it('with all four steps chosen is not lost on Weiter: it asks for "Add", then saves it (German, phone)', async () => {
    const { page, L } = await openAtSymptoms('de', e2e.seeded.complete);
    const counter = await page.getByTestId('question-counter').innerText();
    await choose(page, L, [L.frequency, L.trigger, L.intensities[1]]);

    // Every step ticked, not added yet: Weiter stays and says why.
    await page.getByRole('button', { name: L.next, exact: true }).click();
    const warning = page.getByRole('alert').filter({ hasText: TEXT.de.unfinished });
    await warning.waitFor();
    expect(await page.getByTestId('question-counter').innerText()).toBe(counter);

    // "Add" puts it in the list and says so; the warning goes.
    await page.getByRole('button', { name: L.add }).click();
    const list = page.getByTestId('recorded-symptoms');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    expect(await list.innerText()).toContain(L.complaints[1]);
    expect(await page.getByRole('status').filter({ hasText: L.complaints[1] }).innerText()).toBe(
      L.added(L.complaints[1]),
    );
    await warning.waitFor({ state: 'detached' });
    await shot(page, 'symptoms-added-de-390');

    await page.getByRole('button', { name: L.next, exact: true }).click();
    await expect.poll(() => page.getByTestId('question-counter').innerText()).not.toBe(counter);
    expect(await storedSymptoms(page)).toEqual([
      expect.objectContaining({
        name: 'headaches',
        frequency: 'weekly',
        trigger: 'stress',
        intensity: 'stark',
      }),
    ]);

    // Back at the question, the complaint is listed and can be removed like any other.
    await page.getByRole('button', { name: TEXT.de.back, exact: true }).last().click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await list.getByRole('button', { name: `${L.complaints[1]} löschen` }).click();
    await page.getByText(TEXT.de.none).waitFor();
  });

  it('is entered by keyboard alone: arrows choose within a step, and the focus follows the steps (English)', async () => {
    const { page, L } = await openAtSymptoms('en', e2e.seeded.keyboard);
    const focusIn = (name: string) =>
      page
        .getByRole('radiogroup', { name })
        .evaluate((group) => group.contains(document.activeElement));
    // The open step's: the steps before it keep theirs, folded away.
    const nextStep = page.getByRole('button', { name: 'Next step' }).last();
    const checkedIn = (name: string) =>
      page.getByRole('radiogroup', { name }).getByRole('radio', { checked: true });

    await page.getByRole('combobox', { name: L.chooseComplaint }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'detached' });

    // The next step has the focus; arrows move the choice and the step stays open.
    await expect.poll(() => focusIn('Frequency')).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await checkedIn('Frequency').count()).toBe(1);
    const frequency = (await checkedIn('Frequency').getAttribute('value'))!;
    expect(await focusIn('Frequency')).toBe(true);
    await nextStep.focus();
    await page.keyboard.press('Enter');

    await expect.poll(() => focusIn('Trigger')).toBe(true);
    await page.keyboard.press('ArrowDown');
    await nextStep.focus();
    await page.keyboard.press('Enter');

    await expect.poll(() => focusIn('Intensity')).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const intensity = (await checkedIn('Intensity').getAttribute('value'))!;
    await page.getByRole('button', { name: L.add }).focus();
    await page.keyboard.press('Enter');

    // In the list with what was chosen, and the focus is back at the complaint for the next one.
    const list = page.getByTestId('recorded-symptoms');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await expect
      .poll(() =>
        page.evaluate(
          () => document.activeElement?.getAttribute('role') ?? document.activeElement?.tagName,
        ),
      )
      .toBe('combobox');
    await page.getByRole('button', { name: L.next, exact: true }).click();
    await expect
      .poll(async () => (await storedSymptoms(page))[0])
      .toEqual(expect.objectContaining({ frequency, intensity }));
  });

  it('started but not finished, holds Next and Back with a warning until finished or discarded (English)', async () => {
    const { page, L } = await openAtSymptoms('en', e2e.seeded.partial);
    const counter = await page.getByTestId('question-counter').innerText();
    await choose(page, L, [L.frequency]);

    await page.getByRole('button', { name: L.next, exact: true }).click();
    const warning = page.getByRole('alert').filter({ hasText: TEXT.en.unfinished });
    await warning.waitFor();
    await page.getByRole('button', { name: TEXT.en.back, exact: true }).last().click();
    expect(await page.getByTestId('question-counter').innerText()).toBe(counter);
    await shot(page, 'symptoms-unfinished-en-390');
    expect(await accessibilityViolations(page)).toEqual([]);

    // Discarding it (by keyboard) lets the patient go on, with nothing stored.
    await page.getByRole('button', { name: TEXT.en.discard }).focus();
    await page.keyboard.press('Enter');
    await warning.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: L.next, exact: true }).click();
    await expect.poll(() => page.getByTestId('question-counter').innerText()).not.toBe(counter);
    expect(await storedSymptoms(page)).toEqual([]);
  });
});
