import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR } from '../helpers/browser';
import { invoicesOf, paidDemoCheckout, pdfText } from '../helpers/invoices';
import { patientDetails } from '../helpers/payments';
import { PRACTICE_PROFILE_ENV } from '../helpers/practice-profile';
import { useTestApp } from '../helpers/test-app';

const run = promisify(execFile);
const t = useTestApp({ ...PRACTICE_PROFILE_ENV });

/** pdftotext marks right-to-left text with bidi controls; the name is what is between them. */
const readable = (text: string) =>
  text.replace(/[\u200e\u200f\u202a-\u202e\u00a0]/gu, (c) => (c === '\u00a0' ? ' ' : ''));

const NAMES = [
  { firstName: 'محمد', lastName: 'الأحمد', font: 'NotoSansArabic' },
  { firstName: 'דוד', lastName: 'כהן', font: 'NotoSansHebrew' },
  { firstName: '王', lastName: '小明', font: 'NotoSansSC' },
  { firstName: 'Łukasz', lastName: 'Żółć', font: 'NotoSans-Regular' },
];

describe('an invoice for a name in any script', () => {
  for (const [index, name] of NAMES.entries()) {
    it(`prints ${name.firstName} ${name.lastName} with a font that has its letters`, async () => {
      const details = { ...patientDetails(`script-${index}`), ...name };
      delete (details as { font?: string }).font;
      const paid = await paidDemoCheckout(t, { details, language: 'de' });
      const [invoice] = await invoicesOf(t.database.db, paid.assessmentId);
      const reply = await t.app.inject({
        method: 'GET',
        url: `/api/me/invoices/${invoice!.id}/pdf`,
        headers: paid.headers,
      });
      expect(reply.statusCode).toBe(200);
      const text = readable(await pdfText(reply.rawPayload, `invoice-script-${index + 1}`));
      // Chinese names have no space between family and given name; the others do.
      const full = name.font === 'NotoSansSC' ? '王 小明' : `${name.firstName} ${name.lastName}`;
      expect(text.replaceAll(' ', '')).toContain(full.replaceAll(' ', ''));
      if (name.font !== 'NotoSansSC') expect(text).toContain(full);
      // The seller and the VAT statement § 14 UStG asks for print beside it.
      expect(text).toContain('Zahnarztpraxis Dr. Eva Muster');
      expect(text).toContain('Steuernummer: 27/123/45678');
      expect(text).toContain('Umsatzsteuerfrei gemäß § 4 Nr. 14 UStG');

      // Drawn with the script's own font, embedded as a subset: glyphs, not empty boxes.
      const file = join(SCREENSHOT_DIR, `invoice-script-${index + 1}.pdf`);
      const fonts = (await run('pdffonts', [file])).stdout;
      expect(fonts).toMatch(new RegExp(`[A-Z]{6}\\+${name.font}`));
      expect(reply.rawPayload.length).toBeLessThan(120_000);
    });
  }
});
