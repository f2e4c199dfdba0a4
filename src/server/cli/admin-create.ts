import { parseArgs } from 'node:util';
import QRCode from 'qrcode';
import { z } from 'zod';
import { otpauthUri } from '../modules/accounts';
import { seedDefaultQuestionnaire } from '../modules/questionnaire';
import { runCli, UsageError, withCliDatabase } from './cli-database';
import { createAdmin } from './admin-accounts';

const USAGE =
  'Usage: npm run admin:create -- --email someone@example.org [--name "Dr. med. dent. Eva Muster"] [--first-name A --last-name B]';

runCli(async () => {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string', default: '' },
      'last-name': { type: 'string', default: '' },
      /** How the dentist signs evaluations, title included. */
      name: { type: 'string' },
    },
  });
  const email = z.email().safeParse(values.email?.trim());
  if (!email.success) throw new UsageError(`A valid --email is required.\n${USAGE}`);

  const result = await withCliDatabase(async (db) => {
    await seedDefaultQuestionnaire(db);
    return createAdmin(db, {
      email: email.data,
      firstName: values['first-name'] ?? '',
      lastName: values['last-name'] ?? '',
      displayName: values.name?.trim().slice(0, 200),
    });
  });
  const uri = otpauthUri(result.totpSecret, result.email, 'CMD Risk Assessment');
  console.log(`${result.created ? 'Created' : 'Updated'} admin ${result.email}.`);
  if (!result.created) {
    console.log(
      'Every earlier session of this account has ended, and its earlier access codes and',
    );
    console.log('authenticator no longer work.');
  }
  console.log('\n1. Scan this with an authenticator app (or enter the URI), shown only now:\n');
  console.log(await QRCode.toString(uri, { type: 'terminal', small: true }));
  console.log(uri);
  console.log('\n2. Sign in at the paywall with "I have an access code", this code and the');
  console.log('   6-digit code of the authenticator app. The access code is shown once:');
  // The code alone on the last line, so scripts can take it with `tail -n 1`.
  console.log(result.code);
});
