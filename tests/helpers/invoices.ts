import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PatientDetails } from '../../src/shared/contracts/paywall';
import { invoices, payments } from '../../src/server/schema';
import type { DbOrTx } from '../../src/server/platform/db/client';
import { SCREENSHOT_DIR } from './browser';
import { checkoutRequests, patientDetails } from './payments';
import type { TestApp } from './test-app';

const run = promisify(execFile);

/**
 * A PDF's text as pdftotext reads it; the first page is also saved as a PNG under
 * test-results/screenshots (`name`), to look at.
 */
export async function pdfText(pdf: Buffer, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = join(SCREENSHOT_DIR, `${name}.pdf`);
  await writeFile(file, pdf);
  await run('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    file,
    join(SCREENSHOT_DIR, name),
  ]);
  return (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout;
}

/** Every invoice row, in number order. */
export const allInvoices = (db: DbOrTx) => db.select().from(invoices).orderBy(asc(invoices.number));

export const invoicesOf = (db: DbOrTx, assessmentId: number) =>
  db
    .select()
    .from(invoices)
    .where(eq(invoices.assessmentId, assessmentId))
    .orderBy(asc(invoices.number));

/**
 * A paid checkout with the demo provider's accepted card: the new assessment's id and the
 * checkout's session token.
 */
export async function paidDemoCheckout(
  t: Pick<TestApp, 'app' | 'database'>,
  options: {
    details?: PatientDetails;
    language?: 'en' | 'de';
    couponCode?: string;
    amount?: number;
  } = {},
) {
  const checkout = checkoutRequests(t);
  const details = options.details ?? patientDetails('paid');
  const created = await checkout.createIntent({
    details,
    ...(options.couponCode ? { couponCode: options.couponCode } : {}),
    ...(options.amount ? { amount: options.amount } : {}),
  });
  expect(created.statusCode, created.body).toBe(200);
  const intent = created.json<{ paymentIntentId: string; clientSecret: string }>();
  expect((await checkout.payByCard(intent)).statusCode).toBe(200);
  const verified = await checkout.verify(intent, { language: options.language ?? 'en' });
  expect(verified.statusCode, verified.body).toBe(200);
  const { token } = verified.json<{ token: string }>();
  const [payment] = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.intentId, intent.paymentIntentId));
  return {
    intentId: intent.paymentIntentId,
    details,
    /** As a TestUser: the account, its new assessment and the checkout's session. */
    id: payment!.userId!,
    email: details.email,
    code: '',
    token,
    assessmentId: payment!.assessmentId!,
    headers: { authorization: `Bearer ${token}` },
  };
}

/** The PDF attached to a raw .eml (base64 part of type application/pdf) and its file name. */
export function pdfAttachment(raw: string): { filename: string; pdf: Buffer } | undefined {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const part = boundary
    ? raw.split(`--${boundary}`).find((chunk) => /content-type:\s*application\/pdf/i.test(chunk))
    : undefined;
  if (!part) return undefined;
  const filename = /filename="?([^";\r\n]+)"?/i.exec(part)?.[1] ?? '';
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('');
  return { filename, pdf: Buffer.from(body.replace(/\s+/g, ''), 'base64') };
}
