import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
