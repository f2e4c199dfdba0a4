import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app';

const t = useTestApp();

const changeLanguage = (authorization: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/language',
    headers: { authorization },
    payload: { language: 'en' },
  });

describe('tokens', () => {
  it('refuses an expired token', async () => {
    const patient = await t.createPatient();
    const expired = await new SignJWT({
      email: patient.email,
      language: 'en',
      isAdmin: false,
      tv: 0,
      acid: patient.assessmentId,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(patient.id))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    expect((await changeLanguage(`Bearer ${expired}`)).statusCode).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const patient = await t.createPatient();
    const forged = await new SignJWT({
      email: patient.email,
      language: 'en',
      isAdmin: true,
      tv: 0,
      acid: patient.assessmentId,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(patient.id))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(64)));
    expect((await changeLanguage(`Bearer ${forged}`)).statusCode).toBe(401);
  });

  it('revokes every session of the user on logout', async () => {
    const patient = await t.createPatient();
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/verify-access-code',
      payload: { code: patient.code },
    });
    const second = `Bearer ${signIn.json().token}`;
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: patient.headers,
    });
    expect(logout.statusCode).toBe(200);
    expect((await changeLanguage(patient.headers.authorization)).statusCode).toBe(401);
    expect((await changeLanguage(second)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/verify-access-code',
      payload: { code: patient.code },
    });
    expect((await changeLanguage(`Bearer ${again.json().token}`)).statusCode).toBe(200);
  });
});

describe('HTTP hardening', () => {
  it('sends security headers with a policy that still allows Stripe', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('script-src');
    expect(csp).toContain('https://js.stripe.com');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });

  it('does not allow cross-origin calls', async () => {
    const reply = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/verify-access-code',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a JSON body over the limit with 413 and a message', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/verify-access-code',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ code: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(reply.statusCode).toBe(413);
    expect(reply.json().message).toBe('The request is too large.');
  });

  it('never puts the secret in a token', async () => {
    const patient = await t.createPatient();
    const payload = Buffer.from(patient.token.split('.')[1]!, 'base64url').toString();
    expect(payload).not.toContain(t.config.jwtSecret);
    expect(t.config.jwtSecret.length).toBeGreaterThanOrEqual(43);
  });
});
