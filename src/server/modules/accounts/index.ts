import type { TokenService } from './tokens';

/** Accounts: who someone is (an address, an administrator with a second factor), tokens and rate limits. */
export {
  accountDisplayName,
  accountEmailOf,
  accountForEmail,
  accountSessionRowSql,
  accountTokenVersionSql,
  deleteAccount,
  endAccountSessions,
  enrolAdmin,
  findAccount,
  findAccountByEmail,
  isPatientAccount,
  listAdmins,
  lockAccount,
  pruneRateLimits,
  revokeAdmin,
  setDisplayName,
  type AccountRow,
} from './accounts-repository';
export { accountMessages } from './messages';
export { adminProfileRoutes } from './routes';
export { consumeRateLimit, countWithinRateLimit, type RateLimitRule } from './rate-limit';
export { verifySecondFactor } from './second-factor';
export { createTokenService, type TokenService } from './tokens';
export { generateTotpSecret, otpauthUri } from './totp';

declare module '../../platform/http/app-instance' {
  interface AppDeps {
    /** Signs and verifies session tokens. */
    tokens: TokenService;
  }
}
