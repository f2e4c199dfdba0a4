import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../platform/db/client';
import { DomainError, invalid, conflict, notFound } from '../../platform/errors';
import {
  findPayment,
  setDeclined,
  setDemoRefunded,
  setDemoIntentAmount,
  setDemoIntentStatus,
} from './payments-repository';
import type { PaymentProvider, ProviderIntent } from './provider';

/** Test cards of the demo provider, as Stripe's test mode knows them. */
export const DEMO_CARD_SUCCESS = '4242424242424242';
export const DEMO_CARD_DECLINED = '4000000000000002';

/**
 * An offline provider for development, demos and tests. Its intents live in the payments table
 * (provider "demo"); the demo card form confirms them through POST /api/demo-payments/confirm,
 * and the rest of the server treats them exactly like Stripe's.
 */
export function createDemoProvider(db: Db, secret: string): PaymentProvider {
  const clientSecretOf = (id: string) => demoClientSecret(secret, id);

  const read = async (intentId: string): Promise<ProviderIntent | undefined> => {
    const row = await findPayment(db, intentId, 'demo');
    if (!row) return undefined;
    return {
      id: row.intentId,
      clientSecret: clientSecretOf(row.intentId),
      status: row.status,
      amountCents: row.amountCents,
      currency: row.currency,
    };
  };

  return {
    kind: 'demo',
    publishableKey: 'pk_demo_offline',
    async createIntent({ amountCents, currency }) {
      const id = `pi_demo_${randomBytes(12).toString('hex')}`;
      return {
        id,
        clientSecret: clientSecretOf(id),
        status: 'requires_payment_method',
        amountCents,
        currency,
      };
    },
    async updateIntentAmount(intentId, amountCents) {
      await setDemoIntentAmount(db, intentId, amountCents);
      const intent = await read(intentId);
      if (!intent) throw notFound('payments.intentNotFound');
      return intent;
    },
    retrieveIntent: read,
    async cancelIntent(intentId) {
      await setDemoIntentStatus(db, intentId, 'canceled', ['succeeded', 'refunded', 'canceled']);
      return read(intentId);
    },
    // A demo intent is refunded by its status; the refund's id follows from the intent's.
    async refund(intentId) {
      await setDemoRefunded(db, intentId);
      const intent = await read(intentId);
      if (intent?.status !== 'refunded') throw conflict('payments.notPaid');
      return { id: demoRefundId(intentId), amountCents: intent.amountCents };
    },
    async refunded(intentId) {
      const intent = await read(intentId);
      return intent?.status === 'refunded'
        ? { cents: intent.amountCents, latestRefundId: demoRefundId(intentId) }
        : { cents: 0, latestRefundId: undefined };
    },
  };
}

const demoRefundId = (intentId: string) => `re_demo_${intentId.slice('pi_demo_'.length)}`;

/** Derived from the intent id with a server secret, so nothing extra needs storing. */
function demoClientSecret(secret: string, intentId: string): string {
  const mac = createHmac('sha256', `demo-payments:${secret}`).update(intentId).digest('base64url');
  return `${intentId}_secret_${mac.slice(0, 24)}`;
}

export function demoClientSecretMatches(secret: string, intentId: string, given: string): boolean {
  const expected = Buffer.from(demoClientSecret(secret, intentId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export interface DemoCard {
  cardNumber: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Checks the card as a provider would: number, expiry in the future, security code. */
function checkCard(card: DemoCard, now: Date): string {
  const number = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhnValid(number)) {
    throw invalid('payments.cardNumberInvalid');
  }
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12) throw invalid('payments.cardExpiryInvalid');
  if (year * 12 + month < now.getFullYear() * 12 + now.getMonth() + 1) {
    throw invalid('payments.cardExpired');
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) throw invalid('payments.cardCvcInvalid');
  return number;
}

/** Confirms a demo intent with a test card: 4242... succeeds, 4000 0000 0000 0002 is declined. */
export async function confirmDemoPayment(
  db: Db,
  secret: string,
  input: { paymentIntentId: string; clientSecret: string } & DemoCard,
  now = new Date(),
): Promise<{ status: 'succeeded'; paymentIntentId: string }> {
  if (!demoClientSecretMatches(secret, input.paymentIntentId, input.clientSecret)) {
    throw notFound('payments.intentNotFound');
  }
  const number = checkCard(input, now);
  if (number === DEMO_CARD_DECLINED) {
    await setDeclined(db, input.paymentIntentId, now);
    throw new DomainError('payment_required', 'payments.cardDeclined');
  }
  if (number !== DEMO_CARD_SUCCESS)
    throw new DomainError('payment_required', 'payments.cardNotTestCard');
  // A cancelled intent stays cancelled, as at Stripe: its price may no longer be valid.
  if (
    !(await setDemoIntentStatus(db, input.paymentIntentId, 'succeeded', ['canceled', 'refunded']))
  ) {
    throw conflict('payments.intentCanceled');
  }
  return { status: 'succeeded', paymentIntentId: input.paymentIntentId };
}
