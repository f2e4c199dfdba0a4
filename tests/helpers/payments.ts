import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PatientDetails } from '../../src/shared/contracts/paywall';
import type { DbOrTx } from '../../src/server/platform/db/client';
import { promoCodes } from '../../src/server/schema';
import type { TestApp } from './test-app';
import { loadPrivacyNotice } from '../../src/server/modules/legal/privacy-notice';
import { loadVersionedText } from '../../src/server/modules/legal/legal-pages';
import { DEFAULT_TERMS, DEFAULT_WITHDRAWAL } from '../../src/server/modules/legal/default-pages';

/** The version of the privacy notice shipped with the product (no operator files in tests). */
export const DEFAULT_NOTICE_VERSION = (await loadPrivacyNotice('/nonexistent')).version;
/** The versions of the shipped terms and withdrawal information. */
export const DEFAULT_TERMS_VERSION = (
  await loadVersionedText('/nonexistent', 'terms', DEFAULT_TERMS)
).version;
export const DEFAULT_WITHDRAWAL_VERSION = (
  await loadVersionedText('/nonexistent', 'withdrawal', DEFAULT_WITHDRAWAL)
).version;

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
    terms: true,
    termsVersion: DEFAULT_TERMS_VERSION,
    withdrawalWaiver: true,
    withdrawalVersion: DEFAULT_WITHDRAWAL_VERSION,
  };
}

/** A promo code inserted as the admin screens would (stored upper-case), active unless told. */
export async function insertPromoCode(
  db: DbOrTx,
  values: Omit<typeof promoCodes.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
) {
  const [row] = await db
    .insert(promoCodes)
    .values({ ...values, code: values.code.toUpperCase() })
    .returning();
  return row!;
}

/** The stored row of a promo code, as a check of what the screens and the API wrote. */
export async function promoCodeNamed(db: DbOrTx, code: string) {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  return row;
}

let addresses = 0;
/** A client address no request used before: the rate limits count per address. */
export const freshIp = () => `10.200.${Math.floor(++addresses / 250)}.${addresses % 250}`;

/** The demo provider's test card that is always accepted. */
export const ACCEPTED_CARD = '4242424242424242';

interface IntentKeys {
  paymentIntentId: string;
  clientSecret: string;
}

/**
 * The checkout requests of a paying browser, each from a new address unless one is given.
 * `t` is read at each request, so the file's app may still be starting when this is called.
 */
export function checkoutRequests(t: Pick<TestApp, 'app'>) {
  const post = (
    url: string,
    payload: object,
    options: { headers?: Record<string, string>; ip?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: options.headers,
      remoteAddress: options.ip ?? freshIp(),
    });
  return {
    post,
    /** A payment intent for the full price unless `amount` says otherwise. */
    createIntent: (body: { details?: PatientDetails; amount?: number; couponCode?: string } = {}) =>
      post('/api/create-payment-intent', { amount: 9900, currency: 'eur', ...body }),
    /** The demo card form sent for the intent: the accepted card unless `card` changes it. */
    payByCard: (intent: IntentKeys, card: object = {}) =>
      post('/api/demo-payments/confirm', {
        paymentIntentId: intent.paymentIntentId,
        clientSecret: intent.clientSecret,
        cardNumber: ACCEPTED_CARD,
        expiry: '12/34',
        cvc: '123',
        ...card,
      }),
    /** verify-payment as the paying browser sends it: the intent with its client secret. */
    verify: (intent: IntentKeys, extra: object = {}, options: { ip?: string } = {}) =>
      post(
        '/api/verify-payment',
        { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, ...extra },
        options,
      ),
  };
}
