import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app';

/** Two reverse proxies the operator runs: one by address, one by its network. */
const PROXY = '192.0.2.1';
const PROXY_IN_RANGE = '10.1.2.3';

const t = useTestApp({ TRUST_PROXY: `${PROXY}, 10.0.0.0/8` });

/** A wrong access code as the proxy passes it on: the client's header, then the client's address. */
function wrongCode(i: number, from: { peer: string; forwarded?: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/verify-access-code',
    remoteAddress: from.peer,
    headers: from.forwarded ? { 'x-forwarded-for': from.forwarded } : {},
    payload: { code: `WRNG-${String(i).padStart(4, '0')}-PRXY-AAAA` },
  });
}

/** A different forged left-most address every time, as an attacker rotating it would send. */
const forged = (i: number) => `198.18.${Math.floor(i / 250)}.${i % 250}`;

describe('TRUST_PROXY with the proxy addresses', () => {
  it('limits a client behind the proxy by its real address, whatever it forges in front', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const reply = await wrongCode(i, {
        peer: PROXY,
        forwarded: `${forged(i)}, 203.0.113.7`,
      });
      statuses.push(reply.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(15).fill(429));
    // Another client behind the same proxy keeps its own count (the key is not the proxy's).
    expect((await wrongCode(100, { peer: PROXY, forwarded: '203.0.113.8' })).statusCode).toBe(401);
  });

  it('trusts a proxy given by its network range the same way', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const forwarded = `${forged(i)}, 203.0.113.9`;
      statuses.push((await wrongCode(200 + i, { peer: PROXY_IN_RANGE, forwarded })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const forwarded = `${forged(i)}, 203.0.113.${100 + i}`;
      statuses.push((await wrongCode(300 + i, { peer: '192.0.2.99', forwarded })).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.at(-1)).toBe(429);
  });
});
