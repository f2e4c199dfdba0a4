import type { SessionUser } from '../../shared/contracts/common';
import type { users } from '../db/schema';
import type { TokenService } from './tokens';

type UserRow = typeof users.$inferSelect;

export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    language: user.language,
    isAdmin: user.isAdmin,
  };
}

export async function issueSession(tokens: TokenService, user: UserRow, accessCodeId: number) {
  const token = await tokens.sign({
    userId: user.id,
    email: user.email,
    language: user.language,
    isAdmin: user.isAdmin,
    tokenVersion: user.tokenVersion,
    accessCodeId,
  });
  return { token, user: toSessionUser(user) };
}
