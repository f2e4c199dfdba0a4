import type { AdminProfile, AdminProfileBody } from '../../../shared/contracts/admin-profile';
import type { AuthContext } from '../../platform/auth-context';
import type { DbOrTx } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { accountDisplayName, findAccount, setDisplayName } from './accounts-repository';

/** The signed-in administrator's name as evaluations will carry it. */
export async function readAdminProfile(db: DbOrTx, auth: AuthContext): Promise<AdminProfile> {
  const account = await findAccount(db, auth.userId);
  if (!account) throw notFound();
  return { email: account.email, displayName: await accountDisplayName(db, auth.userId) };
}

/** Changes only what is signed from now on: sent evaluations keep the name they were sent with. */
export async function updateAdminProfile(
  db: DbOrTx,
  auth: AuthContext,
  body: AdminProfileBody,
): Promise<AdminProfile> {
  await setDisplayName(db, auth.userId, body.displayName);
  return readAdminProfile(db, auth);
}
