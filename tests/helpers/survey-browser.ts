import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEFAULT_QUESTIONNAIRE } from '../../src/server/modules/questionnaire/seed/default-questionnaire';
import { SYMPTOM_LABELS } from '../../src/shared/symptom-labels';
import { walkedTextAnswer } from './admin-seed';
import { screenshot } from './browser';

/** Steps of a patient answering the survey in the browser, shared by the browser tests. */
export const TOTAL = DEFAULT_QUESTIONNAIRE.length;

export const LABELS = {
  en: {
    openAccessCode: 'I have an access code',
    accessCode: 'Access code',
    submitCode: 'Sign in',
    heading: 'CMD Risk Assessment',
    counter: (n: number) => `Question ${n} of ${TOTAL}`,
    types: {
      text: 'Text',
      multiple_choice: 'Multiple choice',
      photo: 'Photo',
      video: 'Video',
      pain_atlas: 'Pain map',
      pain_symptoms: 'Symptoms',
    },
    next: 'Next',
    complete: 'Complete Assessment',
    takePhoto: 'Take photo',
    takeAnyway: 'Take anyway',
    startRecording: 'Start recording',
    stopRecording: 'Stop recording',
    retake: 'Retake',
    photoUploaded: 'Your photo has been uploaded.',
    videoUploaded: 'Your video has been uploaded.',
    chooseComplaint: 'Choose a complaint',
    complaints: ['Jaw joint pain', 'Headaches', 'Stress'],
    frequency: '1x per week',
    trigger: 'Stress situations',
    intensities: ['Moderate', 'Severe', 'Mild'],
    add: 'Add complaint',
    added: (name: string) => `Added to your complaints: ${name}.`,
    update: 'Update complaint',
    showVisualization: 'Show visualization',
    strong: 'Strong',
    nextStep: 'Next step',
    painCount: '2 pain points marked',
    done: 'You did it! Very good!',
    mail: /2 working days/,
  },
  de: {
    openAccessCode: 'Ich habe einen Zugangscode',
    accessCode: 'Zugangscode',
    submitCode: 'Anmelden',
    heading: 'CMD-Risikobewertung',
    counter: (n: number) => `Frage ${n} von ${TOTAL}`,
    types: {
      text: 'Text',
      multiple_choice: 'Auswahl',
      photo: 'Foto',
      video: 'Video',
      pain_atlas: 'Schmerzkarte',
      pain_symptoms: 'Beschwerden',
    },
    next: 'Weiter',
    complete: 'Bewertung abschließen',
    takePhoto: 'Foto aufnehmen',
    takeAnyway: 'Trotzdem aufnehmen',
    startRecording: 'Aufnahme starten',
    stopRecording: 'Aufnahme beenden',
    retake: 'Neu aufnehmen',
    photoUploaded: 'Ihr Foto wurde hochgeladen.',
    videoUploaded: 'Ihr Video wurde hochgeladen.',
    chooseComplaint: 'Beschwerde auswählen',
    complaints: ['Kiefergelenkschmerzen', 'Kopfschmerzen', 'Stress'],
    frequency: '1x pro Woche',
    trigger: 'Stresssituationen',
    intensities: ['Mittel', 'Stark', 'Leicht'],
    add: 'Beschwerde hinzufügen',
    added: (name: string) => `Zu Ihren Beschwerden hinzugefügt: ${name}.`,
    update: 'Beschwerde aktualisieren',
    showVisualization: 'Visualisierung anzeigen',
    strong: 'Stark',
    nextStep: 'Nächster Schritt',
    painCount: '2 Schmerzpunkte markiert',
    done: 'Geschafft! Sehr gut!',
    mail: /2 Werktage/,
  },
} as const;

export type Lang = keyof typeof LABELS;

export async function signIn(page: Page, L: (typeof LABELS)[Lang], code: string) {
  await page.goto('/');
  await page.getByRole('button', { name: L.openAccessCode }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: L.accessCode }).fill(code);
  await page.getByRole('button', { name: L.submitCode }).click();
  await page.waitForURL('**/app');
  await page.getByRole('heading', { level: 1, name: L.heading }).waitFor();
}

/** Full-page screenshots with the sticky top bar and fixed footer in their normal place. */
export async function shot(page: Page, name: string) {
  await page.addStyleTag({
    content: 'header.shell-header, footer.shell-footer { position: static !important; }',
  });
  await screenshot(page, name);
}

/**
 * Group headings of the open complaint list that the browser's accessibility tree offers as
 * choices (Chromium's own tree, as a screen reader gets it, not Playwright's reading of the DOM).
 */
async function groupHeadingsOffered(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: { ignored?: boolean; role?: { value?: unknown }; name?: { value?: unknown } }[];
  };
  await cdp.detach();
  const headings = new Set(
    Object.values(SYMPTOM_LABELS).flatMap((labels) => Object.values(labels.groups)),
  );
  return nodes
    .filter((node) => !node.ignored && node.role?.value !== 'StaticText')
    .map((node) => String(node.name?.value ?? '').trim())
    .filter((name) => headings.has(name));
}

export async function currentNumber(page: Page): Promise<number> {
  const text = await page.getByTestId('question-counter').innerText();
  return Number(/(\d+)/.exec(text)?.[1]);
}

export async function answerQuestion(
  page: Page,
  L: (typeof LABELS)[Lang],
  type: keyof (typeof LABELS)['en']['types'],
  n: number,
) {
  switch (type) {
    case 'text':
      await page.getByRole('textbox').fill(walkedTextAnswer(n));
      break;
    case 'multiple_choice':
      await page.getByRole('radio').nth(1).check();
      break;
    case 'pain_atlas': {
      const diagram = page.getByTestId('body-diagram-front');
      const box = (await diagram.boundingBox())!;
      await diagram.click({ position: { x: box.width * 0.5, y: box.height * 0.1 } });
      await page.getByRole('button', { name: L.strong }).click();
      await diagram.click({ position: { x: box.width * 0.33, y: box.height * 0.21 } });
      await diagram.click({ position: { x: box.width * 0.6, y: box.height * 0.7 } });
      // Clicking a point removes it again.
      await diagram.getByRole('button').last().click();
      await expect.poll(() => page.getByTestId('pain-point-count').innerText()).toBe(L.painCount);
      // The keyboard works too: focus the diagram, move the marker, Enter adds a point.
      await diagram.focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => diagram.getByRole('button').count()).toBe(3);
      await diagram.getByRole('button').last().press('Enter');
      await expect.poll(() => page.getByTestId('pain-point-count').innerText()).toBe(L.painCount);
      break;
    }
    case 'pain_symptoms': {
      const list = page.getByTestId('recorded-symptoms');
      for (const [i, complaint] of L.complaints.entries()) {
        // As a patient does: open the list of complaints once the form is back at its first step,
        // and pick from it once it shows.
        await page.getByRole('combobox', { name: L.chooseComplaint }).click();
        await page.getByRole('listbox').waitFor();
        if (i === 0) expect(await groupHeadingsOffered(page)).toEqual([]);
        await page.getByRole('option', { name: complaint, exact: true }).click();
        // A choice closes its step at once, so the radio may be gone before a check() could see
        // it checked; "Add complaint" appears once all four are chosen, and says what it added.
        await page.getByRole('radio', { name: L.frequency, exact: true }).click();
        await page.getByRole('radio', { name: L.trigger, exact: true }).click();
        await page.getByRole('radio', { name: L.intensities[i]!, exact: true }).click();
        await page.getByRole('button', { name: L.add }).click();
        await expect.poll(() => list.getByRole('listitem').count()).toBe(i + 1);
        expect(await page.getByRole('status').filter({ hasText: complaint }).innerText()).toBe(
          L.added(complaint),
        );
        await page.getByRole('listbox').waitFor({ state: 'detached' });
      }
      // Edit the first one: its complaint stays choosable, the others are hidden.
      await list.getByRole('button').first().click();
      await page.getByRole('combobox', { name: L.chooseComplaint }).click();
      expect(await page.getByRole('option', { name: L.complaints[0], exact: true }).count()).toBe(
        1,
      );
      expect(await page.getByRole('option', { name: L.complaints[1], exact: true }).count()).toBe(
        0,
      );
      await page.getByRole('option', { name: L.complaints[0], exact: true }).click();
      // Keep frequency and trigger, change only the intensity.
      const severe = page.getByRole('radio', { name: L.intensities[1]!, exact: true });
      for (let step = 0; step < 3 && !(await severe.isVisible()); step++) {
        const nextStep = page.getByRole('button', { name: L.nextStep });
        await expect.poll(() => nextStep.count()).toBe(1);
        await nextStep.click();
        await expect.poll(() => nextStep.count()).toBeLessThanOrEqual(1);
      }
      await page.getByRole('radio', { name: L.intensities[1]!, exact: true }).click();
      await page.getByRole('button', { name: L.update }).click();
      await page.getByRole('button', { name: L.showVisualization }).click();
      await page.getByTestId('symptom-visualization').waitFor();
      break;
    }
    case 'photo':
      await page.getByTestId('overlay-guide').waitFor();
      await takePhotoAnyHow(page, L);
      await page.getByText(L.photoUploaded).waitFor({ timeout: 20_000 });
      break;
    case 'video':
      await page.getByRole('button', { name: L.startRecording }).click({ timeout: 20_000 });
      await page.getByRole('button', { name: L.stopRecording }).waitFor();
      await page.waitForTimeout(1_300);
      await page.getByRole('button', { name: L.stopRecording }).click();
      await page.getByText(L.videoUploaded).waitFor({ timeout: 20_000 });
      break;
  }
}

/**
 * The button that takes the photo now: "Take photo" when it is enabled (the pose holds, or the
 * capture check could not run), else "Take anyway" once the check runs (issue 31): the fake
 * camera shows no face. While the model loads, "Take anyway" may give way to "Take photo".
 */
export async function photoShutter(page: Page, L: (typeof LABELS)[Lang]): Promise<Locator> {
  const take = page.getByRole('button', { name: L.takePhoto, exact: true });
  const anyway = page.getByRole('button', { name: L.takeAnyway, exact: true });
  const checking = page.locator('[data-testid="pose-instruction"][data-state="checking"]');
  let found: Locator | null = null;
  await expect
    .poll(
      async () => {
        if (await take.isEnabled().catch(() => false)) found = take;
        else if ((await checking.count()) > 0 && (await anyway.isVisible())) found = anyway;
        return found !== null;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return found ?? take;
}

/** Takes the photo with whichever shutter is there, again if the buttons changed meanwhile. */
export async function takePhotoAnyHow(page: Page, L: (typeof LABELS)[Lang]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await (await photoShutter(page, L)).click({ timeout: 5_000 });
      return;
    } catch (error) {
      // A click that timed out may still have taken the photo (the shutter went away with the
      // camera): taking it again would wait for a shutter that is not coming back.
      if ((await page.getByTestId('camera-video').count()) === 0) return;
      if (attempt === 3) throw error;
    }
  }
}

/** Answers every question from the current one on and completes the assessment. */
export async function answerWholeSurvey(page: Page, L: (typeof LABELS)[Lang]): Promise<void> {
  for (let n = await currentNumber(page); n <= TOTAL; n++) {
    const seed = DEFAULT_QUESTIONNAIRE[n - 1]!;
    await answerQuestion(page, L, seed.type, n);
    const last = n === TOTAL;
    await page.getByRole('button', { name: last ? L.complete : L.next }).click();
    if (last) break;
    await expect.poll(() => currentNumber(page), { timeout: 15_000 }).toBe(n + 1);
  }
  await page.getByText(L.done).waitFor({ timeout: 30_000 });
}

/** What the browser keeps to upload later: recordings in IndexedDB, tus addresses in local storage. */
export function keptOnDevice(page: Page): Promise<{ recordings: number; addresses: number }> {
  return page.evaluate(async () => {
    const addresses = Object.keys(localStorage).filter((k) => k.startsWith('tus::')).length;
    if (!(await indexedDB.databases()).some((db) => db.name === 'cmd-pending-media')) {
      return { recordings: 0, addresses };
    }
    const recordings = await new Promise<number>((resolve, reject) => {
      const open = indexedDB.open('cmd-pending-media');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const count = open.result.transaction('recordings').objectStore('recordings').count();
        count.onsuccess = () => {
          open.result.close();
          resolve(count.result);
        };
      };
    });
    return { recordings, addresses };
  });
}
