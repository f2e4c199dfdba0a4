import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessments, jobs, promoCodes, users } from '../../src/server/schema';
import { defineJob, noPayload } from '../../src/server/platform/jobs/job-definition';
import { insertPromoCode, patientDetails } from '../helpers/payments';
import { postgresAnswers, startInstances } from '../helpers/shared-postgres';
import { startSmtpServer } from '../helpers/smtp';

// Two instances need a PostgreSQL server; the embedded database is one process's alone.
// Each instance has its own DATA_DIR, as on separate machines. Media shared through an S3
// bucket: multi-instance-media.test.ts.
const reachable = await postgresAnswers();
let cluster: Awaited<ReturnType<typeof startInstances>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

const HOUR = 60 * 60 * 1000;

describe.runIf(reachable)('two server instances on one database', () => {
  beforeAll(async () => {
    smtp = await startSmtpServer();
    cluster = await startInstances(2, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await cluster?.close();
    await smtp?.close();
  });

  /** Both instances' workers run what is due at that moment, at the same time. */
  const runDueOnBoth = (asOf: Date) =>
    Promise.all(cluster.apps.map((app) => app.jobs.runDue({ asOf })));

  it('share one rate limit for wrong access codes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const app = cluster.apps[i % 2]!;
      const reply = await app.inject({
        method: 'POST',
        url: '/api/verify-access-code',
        remoteAddress: '10.4.4.4',
        payload: { code: `WRNG-${String(i).padStart(4, '0')}-AAAA-BBBB` },
      });
      statuses.push(reply.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('count simultaneous guesses on both instances exactly', async () => {
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        cluster.apps[i % 2]!.inject({
          method: 'POST',
          url: '/api/verify-access-code',
          remoteAddress: '10.5.5.5',
          payload: { code: `GUES-${String(i).padStart(4, '0')}-CCCC-DDDD` },
        }),
      ),
    );
    const refused = replies.filter((r) => r.statusCode === 429).length;
    expect(replies.filter((r) => r.statusCode === 401)).toHaveLength(10);
    expect(refused).toBe(20);
  });

  it('let exactly one of many simultaneous free checkouts with one single-use code through', async () => {
    await insertPromoCode(cluster.db, { code: 'ONCE-FREE', amountCents: 9900 });
    const attempts = 16;
    const replies = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        cluster.apps[i % 2]!.inject({
          method: 'POST',
          url: '/api/verify-payment',
          // Different addresses: the rate limit is not what stops the others.
          remoteAddress: `10.6.6.${i + 1}`,
          payload: { couponCode: 'once-free', ...patientDetails(`race-${i}`) },
        }),
      ),
    );
    const accepted = replies.filter((r) => r.statusCode === 200);
    expect(accepted).toHaveLength(1);
    const refused = replies.filter((r) => r.statusCode !== 200);
    expect(refused.map((r) => r.statusCode)).toEqual(Array(attempts - 1).fill(400));
    for (const reply of refused) expect(reply.json().message).toBe('Invalid coupon code');

    const winner = accepted[0]!.json().user as { id: number; email: string };
    const [promo] = await cluster.db
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.code, 'ONCE-FREE'));
    expect(promo!.status).toBe('redeemed');
    expect(promo!.redeemedByUserId).toBe(winner.id);
    // Only the winner got an assessment; the refused checkouts left no paid-for access.
    const codes = await cluster.db
      .select({ email: users.email })
      .from(assessments)
      .innerJoin(users, eq(users.id, assessments.userId));
    expect(codes.filter((c) => c.email.startsWith('ada.race-')).map((c) => c.email)).toEqual([
      winner.email,
    ]);
    // And one access-code mail, to the winner.
    await runDueOnBoth(new Date());
    expect(smtp.received.filter((m) => m.to[0]!.startsWith('ada.race-'))).toEqual([
      expect.objectContaining({ to: [winner.email] }),
    ]);
  });

  it('run a recurring job once per period, whichever instance polls', async () => {
    const tick = defineJob({ name: 'test-tick', payload: noPayload });
    const ran: number[] = [];
    cluster.apps.forEach((app, instance) =>
      app.jobs.every(tick, HOUR, async () => void ran.push(instance), { firstRunAfterMs: 0 }),
    );
    const start = Date.now();
    await runDueOnBoth(new Date(start + 1000));
    expect(ran).toHaveLength(1);
    await runDueOnBoth(new Date(start + 1000));
    expect(ran).toHaveLength(1);
    await runDueOnBoth(new Date(start + HOUR + 2000));
    await runDueOnBoth(new Date(start + 2 * HOUR + 3000));
    expect(ran).toHaveLength(3);

    // The app's own clean-up jobs (first run a minute after the start): once an hour as well.
    for (const name of ['retention', 'unreferenced-uploads', 'rate-limit-prune']) {
      const done = await cluster.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.name, name), eq(jobs.state, 'done')));
      expect(done.length, name).toBe(2);
    }
  });

  it('deliver each queued mail once while both workers poll', async () => {
    smtp.refuse(true);
    const emails: string[] = [];
    for (let i = 0; i < 8; i++) {
      await insertPromoCode(cluster.db, { code: `MAILRACE-${i}`, amountCents: 9900 });
      const details = patientDetails(`mailrace-${i}`);
      const reply = await cluster.apps[i % 2]!.inject({
        method: 'POST',
        url: '/api/verify-payment',
        remoteAddress: `10.7.7.${i + 1}`,
        payload: { couponCode: `mailrace-${i}`, ...details },
      });
      expect(reply.statusCode).toBe(200);
      emails.push(details.email);
    }
    // Queued while the mail server refused; both workers take them up once it works.
    smtp.refuse(false);
    await runDueOnBoth(new Date(Date.now() + HOUR));
    const received = smtp.received.filter((m) => emails.includes(m.to[0]!));
    expect(received.map((m) => m.to[0]).sort()).toEqual([...emails].sort());
  });
});
