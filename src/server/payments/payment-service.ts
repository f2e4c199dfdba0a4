import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ASSESSMENT_PRICE_CENTS,
  CURRENCY,
  totalAfterDiscount,
  type Language,
} from '../../shared/constants';
import type { AuthResult } from '../../shared/contracts/common';
import {
  patientDetailsSchema,
  type CreatePaymentIntentBody,
  type PatientDetails,
  type PaymentIntentResult,
  type UpdatePaymentIntentBody,
  type VerifyPaymentBody,
} from '../../shared/contracts/paywall';
import { createAccessCode, type AssessmentDetails } from '../auth/access-codes';
import { consumeRateLimit, type RateLimitRule } from '../auth/rate-limit';
import { sessionForAssessment } from '../auth/session';
import type { TokenService } from '../auth/tokens';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { payments, users } from '../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../http/app-error';
import type { Mailer } from '../mail/mailer';
import type { PrivacyNotice } from '../privacy/privacy-notice';
import { accessCodeMail } from './access-code-mail';
import { reserveCoupon, releaseCoupon } from './coupon-reservation';
import { normalizeCouponCode, redeemCoupon, requireUsableCoupon } from './coupons';
import type { PaymentProvider, ProviderIntent } from './provider';

export interface PaymentDeps {
  db: Db;
  payments: PaymentProvider;
  tokens: TokenService;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
  privacyNotice: Pick<PrivacyNotice, 'version'>;
  log: FastifyBaseLogger;
}

/**
 * Health data is processed only with consent to the notice in force: a patient who saw an older
 * version is asked to read it again.
 */
function assertConsent(deps: PaymentDeps, details: PatientDetails | undefined): void {
  if (details && details.consentVersion !== deps.privacyNotice.version) {
    throw badRequest('payments.consentOutdated');
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

type PaymentRow = typeof payments.$inferSelect;

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
    if (error instanceof AppError) throw error;
    log.error({ err: error }, 'payment provider call failed');
    throw new AppError(503, 'payments.unavailable');
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
  if (body.amount !== price.amountCents) throw badRequest('payments.amountMismatch');
  if (price.amountCents === 0) throw badRequest('payments.noPaymentNeeded');
  const language = body.language ?? 'en';
  const intent = await providerCall(deps.log, () =>
    deps.payments.createIntent({ amountCents: price.amountCents, currency: CURRENCY, language }),
  );
  if (price.couponCode && !(await reserveCoupon(deps, price.couponCode, intent.id))) {
    // Another checkout took the code meanwhile: this discounted intent must never be paid.
    await deps.payments.cancelIntent(intent.id).catch(() => undefined);
    throw badRequest('coupons.invalid');
  }
  await deps.db.insert(payments).values({
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
  const [row] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.intentId, intentId), eq(payments.provider, deps.payments.kind)))
    .limit(1);
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
  if (row.fulfilledAt || row.status === 'succeeded') throw conflict('payments.alreadyPaid');
  if (row.status === 'canceled') throw conflict('payments.intentCanceled');
  const price = await quote(deps.db, body.couponCode, ip, row.intentId);
  if (body.amount !== price.amountCents) throw badRequest('payments.amountMismatch');
  if (price.amountCents === 0) throw badRequest('payments.noPaymentNeeded');
  if (price.couponCode && !(await reserveCoupon(deps, price.couponCode, row.intentId))) {
    throw badRequest('coupons.invalid');
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
  await deps.db
    .update(payments)
    .set({
      amountCents: price.amountCents,
      couponCode: price.couponCode,
      ...(body.details ? { pendingDetails: body.details } : {}),
      ...(body.language ? { language: body.language } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(payments.id, row.id), isNull(payments.fulfilledAt)));
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
  if (!parsed.success) throw badRequest('payments.detailsMissing');
  return parsed.data;
}

function storedDetails(row: PaymentRow): PatientDetails | undefined {
  const parsed = patientDetailsSchema.safeParse(row.pendingDetails ?? undefined);
  return parsed.success ? parsed.data : undefined;
}

/** Verifies the provider's own record of an intent: succeeded, for the amount we asked. */
function checkPaid(intent: ProviderIntent | undefined, row: PaymentRow, log: FastifyBaseLogger) {
  if (!intent || intent.status !== 'succeeded') throw new AppError(402, 'payments.notPaid');
  if (intent.amountCents !== row.amountCents || intent.currency !== CURRENCY) {
    log.error(
      { intentAmount: intent.amountCents, expected: row.amountCents, currency: intent.currency },
      'paid amount differs from the amount asked',
    );
    throw badRequest('payments.amountMismatch');
  }
}

/**
 * The account an e-mail address names, created if new. It is only a grouping for the practice:
 * nothing of an existing account is changed or reached through it.
 */
async function accountFor(tx: DbOrTx, email: string) {
  const address = email.toLowerCase();
  const [created] = await tx
    .insert(users)
    .values({ email: address })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (created) return created;
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, address));
  return existing!;
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
  };
}

/**
 * Turns a paid (or fully discounted) payment into a new assessment with its own access code,
 * e-mailed, once, in one transaction. It never signs in to, merges with or changes an existing
 * assessment, whatever e-mail address it carries.
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
      await tx.insert(payments).values({
        provider: 'coupon',
        intentId: input.intentId,
        amountCents: 0,
        status: 'succeeded',
        couponCode: input.freeCoupon,
        language: input.language,
      });
    }
    const [claimed] = await tx
      .update(payments)
      .set({ fulfilledAt: now, status: 'succeeded', updatedAt: now })
      .where(and(eq(payments.intentId, input.intentId), isNull(payments.fulfilledAt)))
      .returning();
    if (!claimed) return;
    const account = await accountFor(tx, input.details.email);
    if (
      claimed.couponCode &&
      !(await redeemCoupon(
        tx,
        { code: claimed.couponCode, userId: account.id, intentId: claimed.intentId },
        now,
      ))
    ) {
      // A free checkout needs the code; a card payment already paid the discounted price.
      if (claimed.provider === 'coupon') throw badRequest('coupons.invalid');
      deps.log.warn({ paymentId: claimed.id }, 'coupon of a paid intent was no longer usable');
    }
    const accessCode = await createAccessCode(
      tx,
      account.id,
      assessmentDetails(input.details, input.language, now),
    );
    await tx
      .update(payments)
      .set({ userId: account.id, accessCodeId: accessCode.id })
      .where(eq(payments.id, claimed.id));
    // Sent before the commit: if the mail cannot go out, nothing is kept, the caller gets an
    // error and the provider's webhook retries later, so a paid assessment always has its code.
    await deps.mailer.send(
      accessCodeMail({
        to: accessCode.assessment.email,
        name: `${input.details.firstName} ${input.details.lastName}`.trim(),
        code: accessCode.code,
        language: input.language,
        publicUrl: deps.config.publicUrl,
      }),
    );
  });
}

/**
 * The one session a payment gives: claimed by a conditional update, so only the first caller,
 * and only shortly after the payment, gets it.
 */
async function checkoutSession(deps: PaymentDeps, intentId: string): Promise<AuthResult> {
  const now = new Date();
  const [claimed] = await deps.db
    .update(payments)
    .set({ sessionIssuedAt: now })
    .where(
      and(
        eq(payments.intentId, intentId),
        isNull(payments.sessionIssuedAt),
        isNotNull(payments.accessCodeId),
        gt(payments.fulfilledAt, new Date(now.getTime() - CHECKOUT_SESSION_WINDOW_MS)),
      ),
    )
    .returning({ accessCodeId: payments.accessCodeId });
  const session = claimed?.accessCodeId
    ? await sessionForAssessment(deps.db, deps.tokens, claimed.accessCodeId, ['checkout'])
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
  if (!body.couponCode) throw badRequest('payments.notFree');
  const price = await quote(deps.db, body.couponCode, ip);
  if (price.amountCents !== 0 || !price.couponCode) throw badRequest('payments.notFree');
  if (!details) throw badRequest('payments.detailsMissing');
  const intentId = `free_${randomUUID()}`;
  if (!(await reserveCoupon(deps, price.couponCode, intentId))) {
    throw badRequest('coupons.invalid');
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
    if (!details) throw badRequest('payments.detailsMissing');
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
  const [row] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.intentId, intentId), eq(payments.provider, deps.payments.kind)))
    .limit(1);
  if (!row) {
    deps.log.warn('webhook for an intent this server did not create');
    return;
  }
  if (row.fulfilledAt) return;
  const intent = await providerCall(deps.log, () => deps.payments.retrieveIntent(intentId));
  if (intent?.status !== 'succeeded') {
    if (intent) {
      await deps.db
        .update(payments)
        .set({ status: intent.status, updatedAt: new Date() })
        .where(and(eq(payments.id, row.id), isNull(payments.fulfilledAt)));
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
