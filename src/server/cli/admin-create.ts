import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { z } from 'zod';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DatabaseInUseError } from '../db/data-dir-lock';
import { seedDefaultQuestionnaire } from '../db/seed/seed';
import QRCode from 'qrcode';
import { otpauthUri } from '../auth/totp';
import { createAdmin } from './create-admin';

const USAGE =
  'Usage: npm run admin:create -- --email someone@example.org [--first-name A --last-name B]';

async function run(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string', default: '' },
      'last-name': { type: 'string', default: '' },
    },
  });
  const email = z.email().safeParse(values.email?.trim());
  if (!email.success) throw new UsageError(`A valid --email is required.\n${USAGE}`);

  const config = await loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: join(config.dataDir, 'db') },
  );
  try {
    await seedDefaultQuestionnaire(database.db);
    const result = await createAdmin(database.db, {
      email: email.data,
      firstName: values['first-name'] ?? '',
      lastName: values['last-name'] ?? '',
    });
    const uri = otpauthUri(result.totpSecret, result.email, 'CMD Risk Assessment');
    console.log(`${result.created ? 'Created' : 'Updated'} admin ${result.email}.`);
    console.log('\n1. Scan this with an authenticator app (or enter the URI), shown only now:\n');
    console.log(await QRCode.toString(uri, { type: 'terminal', small: true }));
    console.log(uri);
    console.log('\n2. Sign in at the paywall with "I have an access code", this code and the');
    console.log('   6-digit code of the authenticator app. The access code is shown once:');
    // The code alone on the last line, so scripts can take it with `tail -n 1`.
    console.log(result.code);
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

run().catch((error: unknown) => {
  const known = error instanceof UsageError || error instanceof DatabaseInUseError;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
