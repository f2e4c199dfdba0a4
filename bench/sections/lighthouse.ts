import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { createAccessCode } from '../../src/server/modules/accounts/access-codes';
import { users } from '../../src/server/platform/db/schema';
import { CHROMIUM_PATH } from '../../tests/helpers/browser';
import {
  freePort,
  startServer,
  withDataDirDatabase,
  newDataDir,
  removeDataDir,
} from '../../tests/helpers/server-process';
import { PRODUCTION_ENV } from '../lib/production-env';
import type { Figure } from '../report';

/**
 * Lighthouse scores of the paywall and the survey, in Debian's Chromium. The survey needs a
 * signed-in patient: the browser profile is shared with Lighthouse's tab, so signing in once
 * in it is enough.
 */
export async function measureLighthouse(): Promise<Figure[]> {
  const dataDir = await newDataDir();
  const code = await withDataDirDatabase(dataDir, async (db) => {
    const [user] = await db
      .insert(users)
      .values({ email: 'bench@example.org', firstName: 'Bench', lastName: 'Patient' })
      .returning();
    return (await createAccessCode(db, user!.id)).code;
  });
  const server = await startServer({ dataDir, env: PRODUCTION_ENV });
  const profile = await mkdtemp(join(tmpdir(), 'lh-profile-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--remote-debugging-port=${port}`,
    ],
  });
  const figures: Figure[] = [];
  try {
    const audit = async (label: string, url: string) => {
      const result = await lighthouse(
        url,
        {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          disableStorageReset: true,
        },
        {
          extends: 'lighthouse:default',
          settings: {
            formFactor: 'mobile',
            throttlingMethod: 'simulate',
            screenEmulation: {
              mobile: true,
              width: 390,
              height: 844,
              deviceScaleFactor: 2,
              disabled: false,
            },
          },
        },
      );
      const categories = result?.lhr.categories;
      const audits = result?.lhr.audits ?? {};
      // What keeps a score down, so a missed goal names its cause.
      const failing = (categories?.accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
      const metric = (id: string) => audits[id]?.displayValue?.replace(/\s/g, ' ') ?? '?';
      figures.push(
        {
          section: 'lighthouse',
          name: `${label} performance (mobile)`,
          value: Math.round((categories?.performance?.score ?? 0) * 100),
          unit: '',
          goal: '>= 95',
          note: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}`,
        },
        {
          section: 'lighthouse',
          name: `${label} accessibility`,
          value: Math.round((categories?.accessibility?.score ?? 0) * 100),
          unit: '',
          goal: '>= 100',
          note: failing.length > 0 ? `failing: ${failing.join(', ')}` : undefined,
        },
      );
    };
    await audit('paywall', `${server.baseUrl}/`);

    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(server.baseUrl);
    const signIn = await page.evaluate(async (accessCode) => {
      const reply = await fetch('/api/verify-access-code', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: accessCode }),
      });
      const body = await reply.json();
      localStorage.setItem('auth_token', body.token);
      localStorage.setItem('user', JSON.stringify(body.user));
      return reply.status;
    }, code);
    if (signIn !== 200) throw new Error(`bench patient could not sign in (${signIn})`);
    await audit('survey', `${server.baseUrl}/app`);
  } finally {
    await context.close();
    await server.stop();
    await rm(profile, { recursive: true, force: true });
    await removeDataDir(dataDir);
  }
  return figures;
}
