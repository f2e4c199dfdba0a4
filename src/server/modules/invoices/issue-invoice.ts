import { ASSESSMENT_PRICE_CENTS, type Language } from '../../../shared/constants';
import type { Config } from '../../platform/config';
import type { DbOrTx } from '../../platform/db/client';
import {
  insertInvoice,
  invoiceOfPayment,
  takeInvoiceNumber,
  type InvoiceRow,
} from './invoices-repository';

export type InvoicingConfig = Config['invoicing'];

/** The printed number: the prefix and six digits (RE-000042). */
export const invoiceLabel = (prefix: string, number: number) =>
  `${prefix}${String(number).padStart(6, '0')}`;

/**
 * Issues the invoice of a paid checkout, inside the transaction that fulfils it: the number is
 * taken and the invoice written with the assessment, or neither. A checkout that charged nothing
 * gets no invoice.
 */
export async function issueInvoice(
  tx: DbOrTx,
  invoicing: InvoicingConfig,
  input: {
    paymentId: number;
    assessmentId: number;
    language: Language;
    recipient: { name: string; addressLines: string[] };
    totalCents: number;
    currency: string;
    couponCode: string | null;
    now: Date;
  },
): Promise<InvoiceRow | undefined> {
  if (input.totalCents <= 0) return undefined;
  const number = await takeInvoiceNumber(tx);
  return insertInvoice(tx, {
    number,
    label: invoiceLabel(invoicing.numberPrefix, number),
    kind: 'invoice',
    paymentId: input.paymentId,
    assessmentId: input.assessmentId,
    issuedAt: input.now,
    language: input.language,
    recipient: input.recipient,
    seller: invoicing.seller,
    vat: invoicing.vat,
    listPriceCents: Math.max(ASSESSMENT_PRICE_CENTS, input.totalCents),
    discountCents: Math.max(ASSESSMENT_PRICE_CENTS - input.totalCents, 0),
    totalCents: input.totalCents,
    currency: input.currency,
    couponCode: input.couponCode,
  });
}

/**
 * The cancellation invoice (Stornorechnung) of a refunded payment: the original's lines negated,
 * with its own number from the same sequence, naming the original. Inside the refund's
 * transaction; none when the payment had no invoice. At most one per invoice (a unique column),
 * so a refund recorded twice cannot cancel twice.
 */
export async function issueCancellation(
  tx: DbOrTx,
  invoicing: InvoicingConfig,
  paymentId: number,
  now: Date,
): Promise<InvoiceRow | undefined> {
  const original = await invoiceOfPayment(tx, paymentId);
  if (!original) return undefined;
  const number = await takeInvoiceNumber(tx);
  return insertInvoice(tx, {
    number,
    label: invoiceLabel(invoicing.numberPrefix, number),
    kind: 'cancellation',
    cancelsInvoiceId: original.id,
    paymentId,
    assessmentId: original.assessmentId,
    issuedAt: now,
    language: original.language,
    recipient: original.recipient,
    seller: original.seller,
    vat: original.vat,
    listPriceCents: -original.listPriceCents,
    discountCents: -original.discountCents,
    totalCents: -original.totalCents,
    currency: original.currency,
    couponCode: original.couponCode,
  });
}
