import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { invoiceCounters, invoices } from './tables';

/** The invoices module's data access: the gapless counter and the issued invoices. */

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

const SEQUENCE = 'invoice';

/**
 * The next number of the sequence, taken in the caller's transaction: the row stays locked until
 * it commits (other issuers wait) and a rollback returns the number. The row is created on first
 * use, so a new database needs no seed.
 */
export async function takeInvoiceNumber(tx: DbOrTx): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ name: SEQUENCE, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.name,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ number: invoiceCounters.lastNumber });
  return row!.number;
}

export async function insertInvoice(tx: DbOrTx, values: NewInvoice): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(values).returning();
  return row!;
}

export async function findInvoice(db: DbOrTx, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

/** The invoices and cancellation invoices of one assessment, oldest first. */
export async function invoicesOfAssessment(
  db: DbOrTx,
  assessmentId: number,
): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.assessmentId, assessmentId))
    .orderBy(asc(invoices.number));
}

/** The invoice of a payment (not its cancellation), if one was issued. */
export async function invoiceOfPayment(
  db: DbOrTx,
  paymentId: number,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.paymentId, paymentId), eq(invoices.kind, 'invoice')));
  return row;
}
