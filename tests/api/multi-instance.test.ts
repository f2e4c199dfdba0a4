import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCodes, promoCodes, users } from '../../src/server/db/schema';
import { insertPromoCode, patientDetails } from '../helpers/payments';
import { postgresAnswers, startInstances } from '../helpers/shared-postgres';

const reachable = await postgresAnswers();
let cluster: Awaited<ReturnType<typeof startInstances>>;

describe.runIf(reachable)('two server instances on one database', () => {
  beforeAll(async () => {
    cluster = await startInstances(2);
  });
  afterAll(() => cluster?.close());

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
      .from(accessCodes)
      .innerJoin(users, eq(users.id, accessCodes.userId));
    expect(codes.filter((c) => c.email.startsWith('ada.race-')).map((c) => c.email)).toEqual([
      winner.email,
    ]);
  });
});
