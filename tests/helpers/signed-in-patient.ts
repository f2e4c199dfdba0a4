import { createTokenService } from '../../src/server/modules/accounts/tokens';
import type { Db } from '../../src/server/platform/db/client';
import { insertPatient } from './admin-seed';

/**
 * A patient with one assessment and the headers of a session for it, signed as a server started
 * with JWT_SECRET=`secret` signs them at sign-in: for calls to the real server process that are
 * not about signing in.
 */
export async function insertSignedInPatient(db: Db, secret: string, email: string) {
  const patient = await insertPatient(db, { email });
  const token = await createTokenService(secret, 3600).sign({
    userId: patient.userId,
    assessmentId: patient.assessmentId,
    email,
    language: 'en',
    isAdmin: false,
    assessmentTokenVersion: 0,
    methods: ['code'],
    tokenVersion: 0,
  });
  return {
    ...patient,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  };
}
