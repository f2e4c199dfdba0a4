import PDFDocument from 'pdfkit';
import type { Language } from '../../../shared/constants';
import type { Config } from '../../platform/config';
import { PDF_FONTS } from '../../platform/pdf/fonts';
import {
  BOLD,
  INK,
  MUTED,
  PRIMARY,
  REGULAR,
  writePageFooters,
  type Doc,
} from '../../platform/pdf/pdf-kit';
import { printText } from '../../platform/pdf/script-runs';
import { invoiceLabels } from './invoice-labels';
import type { InvoiceRow } from './invoices-repository';

const locale = (language: Language) => (language === 'de' ? 'de-DE' : 'en-GB');

/** The VAT contained in a gross amount, rounded to the cent away from zero. */
export function includedVatCents(grossCents: number, percent: number): number {
  const vat = Math.round((Math.abs(grossCents) * percent) / (100 + percent));
  return Math.sign(grossCents) * vat;
}

/**
 * An invoice or cancellation invoice as a PDF, in its own language, from what the row recorded
 * at issue (never today's configuration). `original` is the invoice a cancellation cancels.
 */
export function renderInvoicePdf(
  invoice: InvoiceRow,
  original: InvoiceRow | undefined,
  practice: Pick<Config['practice'], 'timeZone'>,
): Doc {
  const labels = invoiceLabels[invoice.language];
  const money = (cents: number) =>
    new Intl.NumberFormat(locale(invoice.language), {
      style: 'currency',
      currency: invoice.currency.toUpperCase(),
    }).format(cents / 100);
  const day = (moment: Date) =>
    new Intl.DateTimeFormat(locale(invoice.language), {
      dateStyle: 'medium',
      timeZone: practice.timeZone,
    }).format(moment);
  const title = invoice.kind === 'cancellation' ? labels.cancellation : labels.invoice;

  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    bufferPages: true,
    font: PDF_FONTS.regular,
    info: { Title: `${title} ${invoice.label}`, Creator: 'CMD Risk Assessment' },
  });
  doc.registerFont(REGULAR, PDF_FONTS.regular);
  doc.registerFont(BOLD, PDF_FONTS.bold);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  // The seller, as configured when the invoice was issued; lines not configured are left out.
  const { seller } = invoice;
  if (seller.name) doc.font(BOLD).fontSize(12).fillColor(INK).text(seller.name);
  doc.font(REGULAR).fontSize(9.5).fillColor(MUTED);
  for (const line of seller.addressLines) doc.text(line);
  if (seller.taxNumber) doc.text(`${labels.taxNumber}: ${seller.taxNumber}`);
  if (seller.vatId) doc.text(`${labels.vatId}: ${seller.vatId}`);
  doc.moveDown(2);

  doc.font(BOLD).fontSize(9.5).fillColor(MUTED).text(labels.billTo);
  // Typed by the patient: any script, each run in a font that has it.
  doc.fontSize(10.5).fillColor(INK);
  printText(doc, invoice.recipient.name, REGULAR);
  for (const line of invoice.recipient.addressLines) printText(doc, line, REGULAR);
  doc.moveDown(2);

  doc.font(BOLD).fontSize(18).fillColor(PRIMARY).text(title);
  doc.moveDown(0.4).font(REGULAR).fontSize(10).fillColor(INK);
  doc.text(`${labels.number}: ${invoice.label}`);
  doc.text(`${labels.date}: ${day(invoice.issuedAt)}`);
  // A cancellation names the invoice it cancels, whose date is the service's.
  if (original) doc.moveDown(0.3).text(labels.cancels(original.label, day(original.issuedAt)));
  else doc.text(labels.serviceDate);
  doc.moveDown(1.5);

  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc
      .font(bold ? BOLD : REGULAR)
      .fontSize(10.5)
      .fillColor(INK);
    doc.text(label, left, y, { width: width - 130 });
    const after = doc.y;
    doc.text(amount, left + width - 120, y, { width: 120, align: 'right' });
    doc.x = left;
    doc.y = Math.max(after, doc.y) + 4;
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.6)
      .strokeColor(MUTED)
      .stroke();
    doc.y += 6;
  };
  doc.font(BOLD).fontSize(9.5).fillColor(MUTED);
  const headY = doc.y;
  doc.text(labels.description, left, headY);
  doc.text(labels.amount, left + width - 120, headY, { width: 120, align: 'right' });
  doc.x = left;
  doc.y += 4;
  rule();
  row(labels.service, money(invoice.listPriceCents));
  if (invoice.discountCents !== 0) {
    row(labels.discount(invoice.couponCode ?? ''), money(-invoice.discountCents));
  }
  rule();
  row(labels.total, money(invoice.totalCents), true);

  doc.moveDown(0.6).font(REGULAR).fontSize(9.5).fillColor(INK);
  const { vat } = invoice;
  if (vat.mode === 'rate') {
    const vatCents = includedVatCents(invoice.totalCents, vat.percent);
    const percent = new Intl.NumberFormat(locale(invoice.language)).format(vat.percent);
    row(labels.net, money(invoice.totalCents - vatCents));
    row(labels.vatIncluded(percent), money(vatCents));
  } else if (vat.mode === 'exempt') {
    doc.text(labels.vatExempt, left, doc.y, { width });
  }
  doc.moveDown(1.2);
  doc.text(invoice.kind === 'cancellation' ? labels.refunded : labels.paid, left, doc.y, { width });

  writePageFooters(doc, (page, pages) => `${invoice.label} · ${labels.page(page, pages)}`);
  doc.end();
  return doc;
}
