import { describe, expect, it } from 'vitest';
import { totpCode } from '../../src/server/modules/accounts/totp';
import { createAdmin } from '../../src/server/cli/admin-accounts';
import { useTestApp } from '../helpers/test-app';

const t = useTestApp();

const signIn = (payload: Record<string, string>, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/verify-access-code', remoteAddress: ip, payload });

describe('admin sign-in needs an authenticator code', () => {
  it('does not sign an admin in with the access code alone', async () => {
    const admin = await createAdmin(t.database.db, {
      email: 'a1@practice.example',
      firstName: '',
      lastName: '',
    });
    const reply = await signIn({ code: admin.code }, '10.1.0.1');
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toMatchObject({ code: 'auth.totpRequired' });
    expect(reply.json().token).toBeUndefined();
  });

  it('signs the admin in with a valid code, and refuses the same code a second time', async () => {
    const admin = await createAdmin(t.database.db, {
      email: 'a2@practice.example',
      firstName: '',
      lastName: '',
    });
    const totp = totpCode(admin.totpSecret);
    const first = await signIn({ code: admin.code, totp }, '10.1.0.2');
    expect(first.statusCode).toBe(200);
    expect(first.json().user.isAdmin).toBe(true);
    const replay = await signIn({ code: admin.code, totp }, '10.1.0.2');
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('auth.totpInvalid');
  });

  it('refuses a stale code and a wrong one', async () => {
    const admin = await createAdmin(t.database.db, {
      email: 'a3@practice.example',
      firstName: '',
      lastName: '',
    });
    const stale = totpCode(admin.totpSecret, Date.now() - 5 * 60_000);
    expect((await signIn({ code: admin.code, totp: stale }, '10.1.0.3')).json().code).toBe(
      'auth.totpInvalid',
    );
    const wrong = String((Number(totpCode(admin.totpSecret)) + 1) % 1_000_000).padStart(6, '0');
    expect((await signIn({ code: admin.code, totp: wrong }, '10.1.0.3')).statusCode).toBe(401);
  });

  it('re-enrolling replaces the old authenticator secret', async () => {
    const first = await createAdmin(t.database.db, {
      email: 'a4@practice.example',
      firstName: '',
      lastName: '',
    });
    const second = await createAdmin(t.database.db, {
      email: 'a4@practice.example',
      firstName: '',
      lastName: '',
    });
    expect(second.created).toBe(false);
    const oldCode = totpCode(first.totpSecret);
    const newCode = totpCode(second.totpSecret);
    if (oldCode !== newCode) {
      expect((await signIn({ code: second.code, totp: oldCode }, '10.1.0.4')).statusCode).toBe(401);
    }
    expect((await signIn({ code: second.code, totp: newCode }, '10.1.0.4')).statusCode).toBe(200);
  });

  it('leaves patients unchanged: the access code alone signs them in', async () => {
    const patient = await t.createPatient();
    expect((await signIn({ code: patient.code }, '10.1.0.5')).statusCode).toBe(200);
  });
});
