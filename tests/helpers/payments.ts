import { randomBytes } from 'node:crypto';
import type { PatientDetails } from '../../src/shared/contracts/paywall';
import type { DbOrTx } from '../../src/server/db/client';
import { promoCodes } from '../../src/server/db/schema';
import { loadPrivacyNotice } from '../../src/server/privacy/privacy-notice';
import type { PromoCodeStatus } from '../../src/shared/constants';

/** The version of the privacy notice shipped with the product (no operator files in tests). */
export const DEFAULT_NOTICE_VERSION = (await loadPrivacyNotice('/nonexistent')).version;

/** A complete, valid details form with a unique e-mail. */
export function patientDetails(tag: string): PatientDetails {
  return {
    firstName: 'Ada',
    lastName: `Lovelace ${tag}`,
    email: `Ada.${tag}.${randomBytes(3).toString('hex')}@Example.org`.toLowerCase(),
    phone: '+49 30 1234567',
    dateOfBirth: '1985-04-12',
    address: 'Hauptstraße 1',
    postalCode: '10115',
    city: 'Berlin',
    state: 'Berlin',
    consent: true,
    consentVersion: DEFAULT_NOTICE_VERSION,
  };
}

/** A promo code inserted as the admin screens would (stored upper-case). */
export async function insertPromoCode(
  db: DbOrTx,
  values: { code: string; amountCents: number; status?: PromoCodeStatus; expiresAt?: Date | null },
) {
  const [row] = await db
    .insert(promoCodes)
    .values({
      code: values.code.toUpperCase(),
      amountCents: values.amountCents,
      status: values.status ?? 'active',
      expiresAt: values.expiresAt ?? null,
    })
    .returning();
  return row!;
}
