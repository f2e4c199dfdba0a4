import { describe, expect, it } from 'vitest';
import { accessCodeFromMail, DESKTOP, PHONE, screenshot } from '../helpers/browser';
import { fillDetailsForm } from '../helpers/details-form';
import { useE2e } from '../helpers/e2e-fixture';
import { readMail } from '../helpers/mail';
import { patientDetails } from '../helpers/payments';

const e2e = useE2e({ admin: true });

const mailsTo = async (email: string) => {
  const read = async () =>
    (await e2e.server.outbox()).map(readMail).filter((mail) => mail.to.includes(email));
  await expect.poll(async () => (await read()).length, { timeout: 10_000 }).toBeGreaterThan(0);
  return read();
};

describe('invoice and refund in the browser', () => {
  it('lets the patient download the invoice, and the admin refund with a reason', async () => {
    // A patient pays with the demo card and finds the invoice at the top of the survey.
    const page = await e2e.newPage({ viewport: PHONE });
    await page.goto('/');
    const details = patientDetails('e2e-refund');
    await fillDetailsForm(page, details);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByTestId('demo-card-number').fill('4242 4242 4242 4242');
    await page.getByTestId('demo-card-expiry').fill('12/34');
    await page.getByTestId('demo-card-cvc').fill('123');
    await page.getByTestId('pay-button').click();
    await page.waitForURL('**/app');
    const invoiceButton = page.getByRole('button', { name: 'Invoice' });
    await invoiceButton.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), invoiceButton.click()]);
    expect(download.suggestedFilename()).toMatch(/^Invoice-RE-\d{6}\.pdf$/);
    await screenshot(page, 'invoice-button-phone');
    const [accessMail] = await mailsTo(details.email);
    expect(accessMail!.text).toContain('choose "Invoice" at the top of the page');
    const code = accessCodeFromMail(accessMail!.text)!;

    // The administrator refunds it from the assessment's responses view.
    const admin = await e2e.adminPage({ viewport: PHONE });
    await admin.goto('/admin/responses');
    const patient = admin.getByTestId('patient-accordion').filter({ hasText: details.lastName });
    await patient.getByRole('button', { name: new RegExp(details.lastName) }).click();
    await patient.getByTestId('access-code-accordion').getByRole('button').first().click();
    const billing = admin.getByTestId('assessment-billing');
    await billing.waitFor();
    expect(await billing.textContent()).toMatch(/Invoice RE-\d{6}/);
    await billing.getByRole('button', { name: 'Refund…' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByTestId('refund-reason').fill('Patient asked by phone');
    await dialog.getByLabel('Erase them now').check();
    await screenshot(admin, 'refund-dialog-phone');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    // Until the dialog has gone, the page behind it is hidden from assistive technology.
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => billing.getByText('Refunded and cancelled').count()).toBe(1);
    expect(await billing.textContent()).toMatch(/Cancellation invoice RE-\d{6}/);
    await expect
      .poll(() => patient.getByTestId('review-status').innerText())
      .toBe('Refunded, cancelled');
    await admin.setViewportSize(DESKTOP);
    await screenshot(admin, 'refund-done-desktop');

    // The refund mail reaches the patient, and the code no longer signs in.
    await expect.poll(async () => (await mailsTo(details.email)).length).toBe(2);
    const refundMail = (await mailsTo(details.email))[1]!;
    expect(refundMail.subject).toBe('Your CMD risk assessment has been refunded');
    const other = await e2e.newPage({ viewport: PHONE });
    await other.goto('/');
    await other.getByRole('button', { name: 'I have an access code' }).click();
    await other.getByRole('dialog').getByRole('textbox', { name: 'Access code' }).fill(code);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => other.getByRole('alert').count()).toBeGreaterThan(0);
    expect(other.url()).not.toContain('/app');
  });
});
