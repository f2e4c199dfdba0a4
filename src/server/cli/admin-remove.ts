import { parseArgs } from 'node:util';
import { z } from 'zod';
import { runCli, UsageError, withCliDatabase } from './cli-database';
import { removeAdmin } from './admin-accounts';

const USAGE = 'Usage: npm run admin:remove -- --email someone@example.org';

runCli(async () => {
  const { values } = parseArgs({ options: { email: { type: 'string' } } });
  const email = z.email().safeParse(values.email?.trim());
  if (!email.success) throw new UsageError(`A valid --email is required.\n${USAGE}`);
  const { removed } = await withCliDatabase((db) => removeAdmin(db, email.data));
  if (!removed) throw new UsageError(`${email.data} is not an administrator.`);
  console.log(
    `Removed administrator rights of ${email.data}. Every session of the account has ended and its access codes and authenticator no longer work.`,
  );
});
