import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
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
import { createAccessCode } from '../auth/access-codes';
import { consumeRateLimit, type RateLimitRule } from '../auth/rate-limit';
import { issueSession } from '../auth/session';
import type { TokenService } from '../auth/tokens';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { payments, users } from '../db/schema';
import { AppError, badRequest, conflict, notFound } from '../http/app-error';
import type { Mailer } from '../mail/mailer';
import type { PrivacyNotice } from '../privacy/privacy-notice';
import { accessCodeMail } from './access-code-mail';
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

/** A re-verification returns the session only this long after fulfilment. */
const REVERIFY_WINDOW_MS = 24 * 60 * 60 * 1000;

type PaymentRow = typeof payments.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** The price the server charges: never the browser's figure. */
async function quote(db: Db, couponCode: string | undefined, ip: string) {
  const code = couponCode ? normalizeCouponCode(couponCode) : '';
  if (!code) return { amountCents: ASSESSMENT_PRICE_CENTS, couponCode: null };
  const coupon = await requireUsableCoupon(db, code, ip);
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
  await deps.db.insert(payments).values({
    provider: deps.payments.kind,
    intentId: intent.id,
    amountCents: intent.amountCents,
    currency: intent.currency,
    status: intent.status,
    couponCode: price.couponCode,
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
  const price = await quote(deps.db, body.couponCode, ip);
  if (body.amount !== price.amountCents) throw badRequest('payments.amountMismatch');
  if (price.amountCents === 0) throw badRequest('payments.noPaymentNeeded');
  const intent = await providerCall(deps.log, () =>
    deps.payments.updateIntentAmount(row.intentId, price.amountCents),
  );
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

/** One person, one account: the lower-cased e-mail finds an existing one. */
async function upsertUser(
  tx: DbOrTx,
  details: PatientDetails,
  language: Language,
): Promise<UserRow> {
  const email = details.email.toLowerCase();
  const values = {
    firstName: details.firstName,
    lastName: details.lastName,
    dateOfBirth: details.dateOfBirth,
    phone: details.phone,
    address: details.address,
    postalCode: details.postalCode,
    city: details.city,
    state: details.state,
    language,
    consentAt: new Date(),
    consentVersion: details.consentVersion,
  };
  // An administrator's account is never changed by a payment form.
  const [user] = await tx
    .insert(users)
    .values({ email, ...values })
    .onConflictDoUpdate({
      target: users.email,
      set: { ...values, updatedAt: new Date() },
      setWhere: eq(users.isAdmin, false),
    })
    .returning();
  if (user) return user;
  const [existing] = await tx.select().from(users).where(eq(users.email, email));
  return existing!;
}

interface Fulfilment {
  user: UserRow;
  accessCodeId: number;
}

/**
 * Turns a paid (or fully discounted) payment into an account with a new access code, e-mailed,
 * once, in one transaction.
 * The claim is a conditional update of the payment row: of concurrent callers for one intent
 * (browser, webhook, retries) exactly one proceeds; the others get the result it committed.
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
): Promise<Fulfilment> {
  const now = new Date();
  const outcome = await deps.db.transaction(async (tx) => {
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
    if (!claimed) return null;
    const user = await upsertUser(tx, input.details, input.language);
    if (claimed.couponCode && !(await redeemCoupon(tx, claimed.couponCode, user.id, now))) {
      // A free checkout needs the code; a card payment already paid the discounted price.
      if (claimed.provider === 'coupon') throw badRequest('coupons.invalid');
      deps.log.warn({ paymentId: claimed.id }, 'coupon of a paid intent was no longer usable');
    }
    const accessCode = await createAccessCode(tx, user.id);
    await tx
      .update(payments)
      .set({ userId: user.id, accessCodeId: accessCode.id })
      .where(eq(payments.id, claimed.id));
    // Sent before the commit: if the mail cannot go out, nothing is kept, the caller gets an
    // error and the provider's webhook retries later, so a paid assessment always has its code.
    await deps.mailer.send(
      accessCodeMail({
        to: user.email,
        name: `${user.firstName} ${user.lastName}`.trim(),
        code: accessCode.code,
        language: input.language,
        publicUrl: deps.config.publicUrl,
      }),
    );
    return { user, accessCodeId: accessCode.id };
  });

  if (!outcome) return alreadyFulfilled(deps, input.intentId, input.details.email);
  return outcome;
}

/** The result of an earlier fulfilment, for the same person shortly after. */
async function alreadyFulfilled(
  deps: PaymentDeps,
  intentId: string,
  email: string | undefined,
): Promise<Fulfilment> {
  const [row] = await deps.db
    .select({ payment: payments, user: users })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.intentId, intentId))
    .limit(1);
  if (
    !row?.payment.accessCodeId ||
    !row.payment.fulfilledAt ||
    row.user.email !== email?.toLowerCase() ||
    Date.now() - row.payment.fulfilledAt.getTime() > REVERIFY_WINDOW_MS
  ) {
    throw conflict('payments.alreadyPaid');
  }
  return { user: row.user, accessCodeId: row.payment.accessCodeId };
}

async function sessionOf(deps: PaymentDeps, result: Fulfilment): Promise<AuthResult> {
  // An administrator's account is never signed in by a payment; the e-mailed code still works.
  if (result.user.isAdmin) throw conflict('payments.useAccessCode');
  return issueSession(deps.tokens, result.user, result.accessCodeId);
}

/**
 * POST /api/verify-payment: a paid intent (re-read from the provider), or a promo code that
 * covers the whole price. Idempotent per intent.
 */
export async function verifyPayment(
  deps: PaymentDeps,
  body: VerifyPaymentBody,
  ip: string,
): Promise<AuthResult> {
  const bodyDetails = detailsOfBody(body);
  assertConsent(deps, bodyDetails);

  if (!body.paymentIntentId) {
    if (!body.couponCode) throw badRequest('payments.notFree');
    const price = await quote(deps.db, body.couponCode, ip);
    if (price.amountCents !== 0 || !price.couponCode) throw badRequest('payments.notFree');
    if (!bodyDetails) throw badRequest('payments.detailsMissing');
    const result = await fulfil(deps, {
      intentId: `free_${randomUUID()}`,
      details: bodyDetails,
      language: body.language ?? 'en',
      freeCoupon: price.couponCode,
    });
    return sessionOf(deps, result);
  }

  const row = await findPayment(deps, body.paymentIntentId);
  if (row.fulfilledAt) {
    return sessionOf(deps, await alreadyFulfilled(deps, row.intentId, bodyDetails?.email));
  }
  const intent = await providerCall(deps.log, () => deps.payments.retrieveIntent(row.intentId));
  checkPaid(intent, row, deps.log);
  const details = bodyDetails ?? storedDetails(row);
  if (!details) throw badRequest('payments.detailsMissing');
  const result = await fulfil(deps, {
    intentId: row.intentId,
    details,
    language: body.language ?? row.language,
  });
  return sessionOf(deps, result);
}

/**
 * A provider event about an intent: re-read the intent from the provider and, if it is paid,
 * fulfil it with the details stored when the intent was created or updated.
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
    }
    return;
  }
  checkPaid(intent, row, deps.log);
  const details = storedDetails(row);
  if (!details) {
    deps.log.error({ paymentId: row.id }, 'paid intent without stored details');
    return;
  }
  try {
    await fulfil(deps, { intentId, details, language: row.language });
  } catch (error) {
    // Fulfilled concurrently by the browser: nothing left to do.
    if (error instanceof AppError && error.messageKey === 'payments.alreadyPaid') return;
    throw error;
  }
}
