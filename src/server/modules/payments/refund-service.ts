import type { FastifyBaseLogger } from 'fastify';
import type { RefundBody, RefundResult } from '../../../shared/contracts/invoices';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { DomainError, conflict, notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/auth-context';
import { deleteAnswersOfAssessment } from '../answers';
import { retireCodesOf } from '../access';
import { cancelAssessment, findAssessment } from '../assessments';
import { recordAudit } from '../audit';
import { issueCancellation } from '../invoices';
import { deleteUploadsOfAssessment } from '../media';
import { removeFilesOfDeletedRows } from '../media';
import type { MediaStore } from '../media';
import {
  claimRefund,
  findPayment,
  nameRefunder,
  paymentOfAssessment,
  type PaymentRow,
} from './payments-repository';
import type { PaymentProvider } from './provider';
import { enqueueRefundMail } from './refund-mail';

export interface RefundDeps {
  db: Db;
  payments: PaymentProvider;
  media: MediaStore;
  config: Pick<Config, 'invoicing'>;
  log: FastifyBaseLogger;
}

interface RefundRecord {
  refundId: string;
  actor: AuthContext | null;
  reason: string | null;
  eraseAnswers: boolean;
}

/**
 * Records a refund the provider has made, in one transaction: the payment marked refunded (once),
 * the assessment cancelled, the cancellation invoice issued, the patient's mail queued and the
 * answers erased if asked. The provider is called before, never inside. A second recorder (the
 * webhook after the administrator, or the other way round) changes nothing, except that an
 * administrator's request after the webhook still names who asked and why, and erases if asked.
 */
async function recordRefund(
  deps: RefundDeps,
  payment: PaymentRow,
  record: RefundRecord,
): Promise<RefundResult> {
  const now = new Date();
  const assessmentId = payment.assessmentId!;
  const { mediaPaths, refundedAt, cancellationId } = await deps.db.transaction(async (tx) => {
    const claimed = await claimRefund(tx, payment.id, {
      refundId: record.refundId,
      refundedBy: record.actor?.userId ?? null,
      reason: record.reason,
      now,
    });
    let cancellation;
    if (claimed) {
      await cancelAssessment(tx, assessmentId, now);
      await retireCodesOf(tx, [assessmentId], now);
      cancellation = await issueCancellation(tx, deps.config.invoicing, payment.id, now);
      await enqueueRefundMail(tx, assessmentId);
    }
    const named =
      !claimed && record.actor && record.reason
        ? await nameRefunder(tx, payment.id, record.actor.userId, record.reason)
        : false;
    const recordedNow = Boolean(claimed) || named;
    const erase = recordedNow && record.eraseAnswers;
    const paths = erase ? await deleteUploadsOfAssessment(tx, assessmentId) : [];
    if (erase) await deleteAnswersOfAssessment(tx, assessmentId);
    if (recordedNow) {
      await recordAudit(tx, record.actor, {
        action: 'payment.refund',
        patientUserId: payment.userId,
        assessmentId: assessmentId,
        detail: erase ? 'answers erased' : 'answers kept',
      });
    }
    const current = claimed ?? (await findPayment(tx, payment.intentId));
    return {
      mediaPaths: paths,
      refundedAt: current?.refundedAt ?? now,
      cancellationId: cancellation?.id ?? null,
    };
  });
  await removeFilesOfDeletedRows(deps, mediaPaths);
  return { refundedAt: refundedAt.toISOString(), cancellationInvoiceId: cancellationId };
}

/**
 * An administrator's full refund of an assessment: through the provider first (a refund it
 * refuses changes nothing here), then recorded.
 */
export async function refundAssessment(
  deps: RefundDeps,
  actor: AuthContext,
  assessmentId: number,
  body: RefundBody,
): Promise<RefundResult> {
  if (!(await findAssessment(deps.db, assessmentId))) throw notFound('payments.assessmentNotFound');
  const payment = await paymentOfAssessment(deps.db, assessmentId);
  if (!payment || payment.provider !== deps.payments.kind || payment.amountCents <= 0) {
    throw conflict('payments.nothingToRefund');
  }
  if (payment.refundedAt) throw conflict('payments.alreadyRefunded');
  let refundId: string;
  try {
    refundId = (await deps.payments.refund(payment.intentId)).id;
  } catch (error) {
    deps.log.error({ err: error }, 'refund at the payment provider failed');
    throw new DomainError('unavailable', 'payments.refundFailed');
  }
  return recordRefund(deps, payment, {
    refundId,
    actor,
    reason: body.reason,
    eraseAnswers: body.eraseAnswers,
  });
}

/**
 * A provider event saying an intent was refunded (a refund in Stripe's dashboard, or the echo of
 * ours): the refunded amount is re-read from the provider, and only a full refund cancels.
 */
export async function refundFromProvider(deps: RefundDeps, intentId: string): Promise<void> {
  const payment = await findPayment(deps.db, intentId, deps.payments.kind);
  if (!payment?.fulfilledAt || !payment.assessmentId || payment.refundedAt) return;
  const refunded = await deps.payments.refunded(intentId);
  if (refunded.cents < payment.amountCents || !refunded.latestRefundId) {
    if (refunded.cents > 0)
      deps.log.warn({ paymentId: payment.id }, 'partial refund left as it is');
    return;
  }
  await recordRefund(deps, payment, {
    refundId: refunded.latestRefundId,
    actor: null,
    reason: null,
    eraseAnswers: false,
  });
}
