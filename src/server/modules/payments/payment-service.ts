import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ASSESSMENT_PRICE_CENTS,
  CURRENCY,
  totalAfterDiscount,
  type Language,
} from '../../../shared/constants';
import type { AuthResult } from '../../../shared/contracts/common';
import {
  patientDetailsSchema,
  type CreatePaymentIntentBody,
  type PatientDetails,
  type PaymentIntentResult,
  type UpdatePaymentIntentBody,
  type VerifyPaymentBody,
} from '../../../shared/contracts/paywall';
import { createAssessmentWithCode } from '../access';
import type { AssessmentDetails } from '../assessments';
import { consumeRateLimit, type RateLimitRule } from '../accounts';
import { sessionForAssessment } from '../access';
import type { TokenService } from '../accounts';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { accountForEmail } from '../accounts';
import { DomainError, invalid, conflict, forbidden, notFound } from '../../platform/errors';
import type { VersionedText } from '../legal';
import type { PrivacyNotice } from '../legal';
import { issueInvoice } from '../invoices';
import { enqueueAccessCodeMail } from '../access';
import {
  normalizeCouponCode,
  redeemCoupon,
  releaseCoupon,
  requireUsableCoupon,
  reserveCoupon,
} from '../promo-codes';
import { cancelCouponHolder } from './coupon-holder';
import {
  claimCheckoutSession,
  claimFulfilment,
  findPayment as findPaymentRow,
  insertPayment,
  linkPayment,
  updateUnfulfilledPayment,
  type PaymentRow,
} from './payments-repository';
import type { PaymentProvider, ProviderIntent } from './provider';

export interface PaymentDeps {
  db: Db;
  config: Pick<Config, 'invoicing'>;
  payments: PaymentProvider;
  tokens: TokenService;
  privacyNotice: Pick<PrivacyNotice, 'version'>;
  legalPages: Record<'terms' | 'withdrawal', Pick<VersionedText, 'version'>>;
  log: FastifyBaseLogger;
}

/**
 * Health data is processed only with consent to the notice in force, and the contract is made on
 * the terms and withdrawal information in force: a patient who saw an older version is asked to
 * read it again.
 */
/** Holds a single-use code for the intent; a stale holder is cancelled at the provider first. */
const reserveCouponFor = (deps: PaymentDeps, code: string, intentId: string) =>
  reserveCoupon(deps.db, code, intentId, (holder) => cancelCouponHolder(deps, holder));

function assertConsent(deps: PaymentDeps, details: PatientDetails | undefined): void {
  if (!details) return;
  if (details.consentVersion !== deps.privacyNotice.version) {
    throw invalid('payments.consentOutdated');
  }
  if (
    details.termsVersion !== deps.legalPages.terms.version ||
    details.withdrawalVersion !== deps.legalPages.withdrawal.version
  ) {
    throw invalid('payments.termsOutdated');
  }
}

/** Creating intents is public: cap it per address so nobody fills the table. */
export const PAYMENT_INTENT_LIMIT: RateLimitRule = {
  name: 'payment-intent:ip',
  limit: 60,
  windowSeconds: 15 * 60,
};

/**
 * verify-payment signs in the browser that paid once, this soon after the payment; after that,
 * or from anywhere else, the e-mailed access code is the way in.
 */
export const CHECKOUT_SESSION_WINDOW_MS = 60 * 60 * 1000;

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest();

/** The price the server charges: never the browser's figure. */
async function quote(db: Db, couponCode: string | undefined, ip: string, intentId?: string) {
  const code = couponCode ? normalizeCouponCode(couponCode) : '';
  if (!code) return { amountCents: ASSESSMENT_PRICE_CENTS, couponCode: null };
  const coupon = await requireUsableCoupon(db, code, ip, intentId);
  return { amountCents: totalAfterDiscount(coupon.amountCents), couponCode: coupon.code };
}

async function providerCall<T>(log: FastifyBaseLogger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    log.error({ err: error }, 'payment provider call failed');
    throw new DomainError('unavailable', 'payments.unavailable');
  }
}

const intentResult = (intent: ProviderIntent): PaymentIntentResult => ({
  clientSecret: intent.clientSecret,
  paymentIntentId: intent.id,
  amount: intent.amountCents,
});

export async function createPaymentIntent(
  deps: PaymentDeps,
  body: CreatePaymentIntentBody,
  ip: string,
): Promise<PaymentIntentResult> {
  assertConsent(deps, body.details);
  await consumeRateLimit(deps.db, PAYMENT_INTENT_LIMIT, ip);
  const price = await quote(deps.db, body.couponCode, ip);
  if (body.amount !== price.amountCents) throw invalid('payments.amountMismatch');
  if (price.amountCents === 0) throw invalid('payments.noPaymentNeeded');
  const language = body.language ?? 'en';
  const intent = await providerCall(deps.log, () =>
    deps.payments.createIntent({ amountCents: price.amountCents, currency: CURRENCY, language }),
  );
  if (price.couponCode && !(await reserveCouponFor(deps, price.couponCode, intent.id))) {
    // Another checkout took the code meanwhile: this discounted intent must never be paid.
    await deps.payments.cancelIntent(intent.id).catch(() => undefined);
    throw invalid('coupons.invalid');
  }
  await insertPayment(deps.db, {
    provider: deps.payments.kind,
    intentId: intent.id,
    amountCents: intent.amountCents,
    currency: intent.currency,
    status: intent.status,
    couponCode: price.couponCode,
    clientSecretHash: hashSecret(intent.clientSecret).toString('hex'),
    pendingDetails: body.details ?? null,
    language,
  });
  return intentResult(intent);
}

async function findPayment(deps: PaymentDeps, intentId: string): Promise<PaymentRow> {
  const row = await findPaymentRow(deps.db, intentId, deps.payments.kind);
  if (!row) throw notFound('payments.intentNotFound');
  return row;
}

/** A coupon applied or removed, or the patient's details: the amount follows the coupon. */
export async function updatePaymentIntent(
  deps: PaymentDeps,
  body: UpdatePaymentIntentBody,
  ip: string,
): Promise<PaymentIntentResult> {
  assertConsent(deps, body.details);
  const row = await findPayment(deps, body.paymentIntentId);
  // Whoever learnt the intent's id must not redirect the access code to their own address.
  assertClientSecret(row, body.clientSecret);
  if (row.fulfilledAt || row.status === 'succeeded') throw conflict('payments.alreadyPaid');
  if (row.status === 'canceled') throw conflict('payments.intentCanceled');
  const price = await quote(deps.db, body.couponCode, ip, row.intentId);
  if (body.amount !== price.amountCents) throw invalid('payments.amountMismatch');
  if (price.amountCents === 0) throw invalid('payments.noPaymentNeeded');
  if (price.couponCode && !(await reserveCouponFor(deps, price.couponCode, row.intentId))) {
    throw invalid('coupons.invalid');
  }
  const newlyReserved = price.couponCode !== row.couponCode ? price.couponCode : null;
  let intent: ProviderIntent;
  try {
    intent = await providerCall(deps.log, () =>
      deps.payments.updateIntentAmount(row.intentId, price.amountCents),
    );
  } catch (error) {
    if (newlyReserved) await releaseCoupon(deps.db, newlyReserved, row.intentId);
    throw error;
  }
  await updateUnfulfilledPayment(deps.db, row.intentId, {
    amountCents: price.amountCents,
    couponCode: price.couponCode,
    ...(body.details ? { pendingDetails: body.details } : {}),
    ...(body.language ? { language: body.language } : {}),
  });
  if (row.couponCode && row.couponCode !== price.couponCode) {
    await releaseCoupon(deps.db, row.couponCode, row.intentId);
  }
  return intentResult(intent);
}

/** The details typed in the browser, if the body carries them (all or nothing). */
function detailsOfBody(body: VerifyPaymentBody): PatientDetails | undefined {
  const fields = Object.fromEntries(
    Object.keys(patientDetailsSchema.shape).map((key) => [key, body[key as keyof PatientDetails]]),
  );
  if (Object.values(fields).every((value) => value === undefined)) return undefined;
  const parsed = patientDetailsSchema.safeParse(fields);
  if (!parsed.success) throw invalid('payments.detailsMissing');
  return parsed.data;
}

function storedDetails(row: PaymentRow): PatientDetails | undefined {
  const parsed = patientDetailsSchema.safeParse(row.pendingDetails ?? undefined);
  return parsed.success ? parsed.data : undefined;
}

/** Verifies the provider's own record of an intent: succeeded, for the amount we asked. */
function checkPaid(intent: ProviderIntent | undefined, row: PaymentRow, log: FastifyBaseLogger) {
  if (!intent || intent.status !== 'succeeded')
    throw new DomainError('payment_required', 'payments.notPaid');
  if (intent.amountCents !== row.amountCents || intent.currency !== CURRENCY) {
    log.error(
      { intentAmount: intent.amountCents, expected: row.amountCents, currency: intent.currency },
      'paid amount differs from the amount asked',
    );
    throw invalid('payments.amountMismatch');
  }
}

/** The patient as entered at this checkout, kept on the assessment it buys. */
function assessmentDetails(
  details: PatientDetails,
  language: Language,
  now: Date,
): AssessmentDetails {
  return {
    email: details.email.toLowerCase(),
    firstName: details.firstName,
    lastName: details.lastName,
    dateOfBirth: details.dateOfBirth,
    phone: details.phone,
    address: details.address,
    postalCode: details.postalCode,
    city: details.city,
    state: details.state,
    language,
    consentAt: now,
    consentVersion: details.consentVersion,
    termsVersion: details.termsVersion,
    withdrawalVersion: details.withdrawalVersion,
  };
}

/** Who the invoice is made out to: the patient as entered at this checkout. */
function invoiceRecipient(details: PatientDetails) {
  return {
    name: `${details.firstName} ${details.lastName}`.trim(),
    // The state only when the city does not already say it (10115 Berlin, Berlin).
    addressLines: [
      details.address,
      `${details.postalCode} ${details.city}`.trim(),
      details.state.trim() === details.city.trim() ? '' : details.state,
    ]
      .map((line) => line.trim())
      .filter(Boolean),
  };
}

/**
 * Turns a paid (or fully discounted) payment into a new assessment, once, in one transaction
 * that also issues the invoice of a paid one and queues the e-mail with its access code (the job
 * worker makes the code and sends it).
 * It never signs in to, merges with or changes an existing assessment, whatever e-mail address
 * it carries.
 * The claim is a conditional update of the payment row: of concurrent callers for one intent
 * (browser, webhook, retries) exactly one proceeds; the others find it fulfilled.
 */
async function fulfil(
  deps: PaymentDeps,
  input: {
    intentId: string;
    details: PatientDetails;
    language: Language;
    /** A free checkout inserts its payment row in the same transaction. */
    freeCoupon?: string;
  },
): Promise<void> {
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    if (input.freeCoupon) {
      await insertPayment(tx, {
        provider: 'coupon',
        intentId: input.intentId,
        amountCents: 0,
        status: 'succeeded',
        couponCode: input.freeCoupon,
        language: input.language,
      });
    }
    const claimed = await claimFulfilment(tx, input.intentId, now);
    if (!claimed) return;
    const account = await accountForEmail(tx, input.details.email);
    if (
      claimed.couponCode &&
      !(await redeemCoupon(
        tx,
        { code: claimed.couponCode, userId: account.id, intentId: claimed.intentId },
        now,
      ))
    ) {
      // A free checkout needs the code; a card payment already paid the discounted price.
      if (claimed.provider === 'coupon') throw invalid('coupons.invalid');
      deps.log.warn({ paymentId: claimed.id }, 'coupon of a paid intent was no longer usable');
    }
    const accessCode = await createAssessmentWithCode(
      tx,
      account.id,
      assessmentDetails(input.details, input.language, now),
    );
    await linkPayment(tx, claimed.id, { userId: account.id, assessmentId: accessCode.id });
    await issueInvoice(tx, deps.config.invoicing, {
      paymentId: claimed.id,
      assessmentId: accessCode.id,
      language: input.language,
      recipient: invoiceRecipient(input.details),
      totalCents: claimed.amountCents,
      currency: claimed.currency,
      couponCode: claimed.couponCode,
      now,
    });
    // Committed with the assessment, so a paid assessment always gets its mail; the worker
    // retries while the mail server is away, and the patient has the checkout's session meanwhile.
    await enqueueAccessCodeMail(tx, accessCode.id);
  });
}

/**
 * The one session a payment gives: claimed by a conditional update, so only the first caller,
 * and only shortly after the payment, gets it.
 */
async function checkoutSession(deps: PaymentDeps, intentId: string): Promise<AuthResult> {
  const assessmentId = await claimCheckoutSession(
    deps.db,
    intentId,
    new Date(),
    CHECKOUT_SESSION_WINDOW_MS,
  );
  const session = assessmentId
    ? await sessionForAssessment(deps.db, deps.tokens, assessmentId, ['checkout'])
    : undefined;
  if (!session) throw conflict('payments.useAccessCode');
  return session;
}

/** Only the browser that started the payment holds its client secret. */
function assertClientSecret(row: PaymentRow, clientSecret: string | undefined): void {
  const expected = row.clientSecretHash ? Buffer.from(row.clientSecretHash, 'hex') : null;
  const given = clientSecret ? hashSecret(clientSecret) : null;
  if (!expected || !given || !timingSafeEqual(expected, given)) {
    throw forbidden('payments.clientSecretMismatch');
  }
}

async function freeCheckout(
  deps: PaymentDeps,
  body: VerifyPaymentBody,
  details: PatientDetails | undefined,
  ip: string,
): Promise<AuthResult> {
  if (!body.couponCode) throw invalid('payments.notFree');
  const price = await quote(deps.db, body.couponCode, ip);
  if (price.amountCents !== 0 || !price.couponCode) throw invalid('payments.notFree');
  if (!details) throw invalid('payments.detailsMissing');
  const intentId = `free_${randomUUID()}`;
  if (!(await reserveCouponFor(deps, price.couponCode, intentId))) {
    throw invalid('coupons.invalid');
  }
  try {
    await fulfil(deps, {
      intentId,
      details,
      language: body.language ?? 'en',
      freeCoupon: price.couponCode,
    });
  } catch (error) {
    await releaseCoupon(deps.db, price.couponCode, intentId);
    throw error;
  }
  return checkoutSession(deps, intentId);
}

/**
 * POST /api/verify-payment: a paid intent (re-read from the provider), or a promo code that
 * covers the whole price. A session for the new assessment goes once to the browser that holds
 * the intent's client secret.
 */
export async function verifyPayment(
  deps: PaymentDeps,
  body: VerifyPaymentBody,
  ip: string,
): Promise<AuthResult> {
  const bodyDetails = detailsOfBody(body);
  assertConsent(deps, bodyDetails);
  if (!body.paymentIntentId) return freeCheckout(deps, body, bodyDetails, ip);

  const row = await findPayment(deps, body.paymentIntentId);
  assertClientSecret(row, body.clientSecret);
  if (!row.fulfilledAt) {
    const intent = await providerCall(deps.log, () => deps.payments.retrieveIntent(row.intentId));
    checkPaid(intent, row, deps.log);
    const details = bodyDetails ?? storedDetails(row);
    if (!details) throw invalid('payments.detailsMissing');
    await fulfil(deps, {
      intentId: row.intentId,
      details,
      language: body.language ?? row.language,
    });
  }
  return checkoutSession(deps, row.intentId);
}

/**
 * A provider event about an intent: re-read the intent from the provider and, if it is paid,
 * fulfil it with the details stored when the intent was created or updated; if it was
 * cancelled, let go of its promo code.
 */
export async function fulfilFromProvider(deps: PaymentDeps, intentId: string): Promise<void> {
  const row = await findPaymentRow(deps.db, intentId, deps.payments.kind);
  if (!row) {
    deps.log.warn('webhook for an intent this server did not create');
    return;
  }
  if (row.fulfilledAt) return;
  const intent = await providerCall(deps.log, () => deps.payments.retrieveIntent(intentId));
  if (intent?.status !== 'succeeded') {
    if (intent) {
      await updateUnfulfilledPayment(deps.db, row.intentId, { status: intent.status });
      if (intent.status === 'canceled' && row.couponCode) {
        await releaseCoupon(deps.db, row.couponCode, row.intentId);
      }
    }
    return;
  }
  checkPaid(intent, row, deps.log);
  const details = storedDetails(row);
  if (!details) {
    deps.log.error({ paymentId: row.id }, 'paid intent without stored details');
    return;
  }
  await fulfil(deps, { intentId, details, language: row.language });
}
