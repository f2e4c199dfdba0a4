import { describe, expect, it } from 'vitest';
import { useTestApp, assessmentById } from '../helpers/test-app';

const t = useTestApp();

const signIn = (code: string, ip = '10.0.0.1', language?: 'en' | 'de') =>
  t.app.inject({
    method: 'POST',
    url: '/api/verify-access-code',
    remoteAddress: ip,
    payload: { code, ...(language ? { language } : {}) },
  });

describe('sign-in with an access code', () => {
  it('signs a patient in and returns a token with the session user', async () => {
    const patient = await t.createPatient();
    const reply = await signIn(patient.code, '10.0.0.2');
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.user).toMatchObject({ id: patient.id, email: patient.email, isAdmin: false });
    expect(typeof body.token).toBe('string');

    const me = await t.app.inject({
      method: 'PUT',
      url: '/api/user/language',
      headers: { authorization: `Bearer ${body.token}` },
      payload: { language: 'en' },
    });
    expect(me.statusCode).toBe(200);
  });

  it('accepts the code typed in lower case, without dashes and with look-alike letters', async () => {
    const patient = await t.createPatient();
    const sloppy = patient.code
      .toLowerCase()
      .replaceAll('-', '')
      .replaceAll('0', 'o')
      .replaceAll('1', 'l');
    expect((await signIn(sloppy, '10.0.0.3')).statusCode).toBe(200);
  });

  it('stores the language the patient signed in with', async () => {
    const patient = await t.createPatient();
    await signIn(patient.code, '10.0.0.4', 'de');
    expect((await assessmentById(t.database, patient.assessmentId))?.language).toBe('de');
  });

  it('refuses a wrong code with 401 and a message in the language asked for', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/verify-access-code',
      remoteAddress: '10.0.0.5',
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
      payload: { code: 'AAAA-BBBB-CCCC-DDDD' },
    });
    expect(reply.statusCode).toBe(401);
    expect(reply.json().message).toBe(
      'Ungültiger Bewertungscode. Bitte prüfen Sie Ihre E-Mail und versuchen Sie es erneut.',
    );
  });

  it('answers the twelfth quick wrong guess from one address with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await signIn(`WRNG-${String(i).padStart(4, '0')}-AAAA-BBBB`, '10.9.9.9')).statusCode,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[11]).toBe(429);
    // Even the right code is refused from that address until the window passes.
    const patient = await t.createPatient();
    expect((await signIn(patient.code, '10.9.9.9')).statusCode).toBe(429);
    // Other addresses are unaffected.
    expect((await signIn(patient.code, '10.9.9.10')).statusCode).toBe(200);
  });

  it('limits guesses at one code even when they come from many addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await signIn('ZZZZ-ZZZZ-ZZZZ-ZZZZ', `10.8.0.${i}`)).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(statuses.at(-1)).toBe(429);
  });

  it('does not count successful sign-ins against the address', async () => {
    const patient = await t.createPatient();
    for (let i = 0; i < 15; i++) {
      expect((await signIn(patient.code, '10.7.7.7')).statusCode).toBe(200);
    }
  });
});

describe('language preference', () => {
  it('stores the language and returns a fresh token that carries it', async () => {
    const patient = await t.createPatient();
    const reply = await t.app.inject({
      method: 'PUT',
      url: '/api/user/language',
      headers: patient.headers,
      payload: { language: 'de' },
    });
    expect(reply.statusCode).toBe(200);
    const { token, language } = reply.json();
    expect(language).toBe('de');
    expect(await t.app.deps.tokens.verify(token)).toMatchObject({ payload: { language: 'de' } });
    expect((await assessmentById(t.database, patient.assessmentId))?.language).toBe('de');
  });

  it('refuses an unsupported language', async () => {
    const patient = await t.createPatient();
    const reply = await t.app.inject({
      method: 'PUT',
      url: '/api/user/language',
      headers: patient.headers,
      payload: { language: 'fr' },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(/language/);
  });
});

describe('tokens', () => {
  it('refuses a tampered token', async () => {
    const patient = await t.createPatient();
    const [header, payload, signature] = patient.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, isAdmin: true })).toString('base64url');
    const reply = await t.app.inject({
      method: 'PUT',
      url: '/api/user/language',
      headers: { authorization: `Bearer ${header}.${forged}.${signature}` },
      payload: { language: 'en' },
    });
    expect(reply.statusCode).toBe(401);
  });

  it('refuses a token whose algorithm is "none"', async () => {
    const patient = await t.createPatient();
    const payload = patient.token.split('.')[1];
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const reply = await t.app.inject({
      method: 'PUT',
      url: '/api/user/language',
      headers: { authorization: `Bearer ${header}.${payload}.` },
      payload: { language: 'en' },
    });
    expect(reply.statusCode).toBe(401);
  });
});
