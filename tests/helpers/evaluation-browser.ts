import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The dentist's steps in the evaluation editor (English admin pages). */
export const EDITOR = {
  conclusion: 'Conclusion',
  findings: 'Findings',
  recommendations: 'Recommendations',
  send: 'Send to patient',
  confirmTitle: 'Send the evaluation?',
};

/** Opens the assessment from the review queue: the row's "Open" link. */
export async function openFromQueue(page: Page, assessmentId: number): Promise<void> {
  await page.goto('/admin/review');
  await page.getByRole('link', { name: `Open assessment #${assessmentId}` }).click();
  await page.waitForURL(`**/admin/assessments/${assessmentId}`);
  await page.getByTestId('evaluation-editor').waitFor();
}

/** Chooses the conclusion and types the texts; returns once the autosave has stored them. */
export async function writeEvaluation(
  page: Page,
  evaluation: { conclusion: string; findings: string; recommendations: string },
): Promise<void> {
  await page.getByRole('combobox', { name: EDITOR.conclusion }).click();
  await page.getByRole('option', { name: evaluation.conclusion }).click();
  await page.getByRole('textbox', { name: EDITOR.findings }).fill(evaluation.findings);
  await page
    .getByRole('textbox', { name: EDITOR.recommendations })
    .fill(evaluation.recommendations);
  await expect
    .poll(() => page.getByTestId('save-state').innerText(), { timeout: 10_000 })
    .toMatch(/^Draft saved/);
  await expect
    .poll(() => page.getByTestId('evaluation-preview').innerText())
    .toContain(evaluation.recommendations);
}

/** "Send to patient", confirmed in its dialog. */
export async function sendEvaluation(page: Page): Promise<void> {
  await page.getByRole('button', { name: EDITOR.send }).click();
  const dialog = page.getByRole('dialog', { name: EDITOR.confirmTitle });
  await dialog.getByRole('button', { name: EDITOR.send }).click();
  await page.getByTestId('evaluation-sent').waitFor();
}
