import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { createAssessmentWithCode } from '../../src/server/modules/access/access-codes';
import { users } from '../../src/server/schema';
import { CHROMIUM_PATH } from '../../tests/helpers/browser';
import {
  freePort,
  startServer,
  withDataDirDatabase,
  newDataDir,
  removeDataDir,
} from '../../tests/helpers/server-process';
import { PRODUCTION_ENV } from '../lib/production-env';
import { median } from '../lib/stats';
import type { Figure } from '../report';

const RUNS = 3;

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
    return (await createAssessmentWithCode(db, user!.id)).code;
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
    /**
     * One Lighthouse run of a page: its scores, metrics and failing accessibility audits.
     * `withoutScripts` blocks every script, leaving the page's HTML and CSS alone.
     */
    const run = async (url: string, withoutScripts = false) => {
      // Each run loads the page as a first visit does: Lighthouse keeps the browser's cache
      // when told to keep storage (the survey's sign-in is in it), and a cached script skips its
      // download and, with V8's code cache beside it, much of its compiling.
      const cdp = await context.newCDPSession(context.pages()[0] ?? (await context.newPage()));
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
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
            blockedUrlPatterns: withoutScripts ? ['*.js'] : [],
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
      const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      return {
        performance: Math.round((categories?.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
        fcp: numeric('first-contentful-paint'),
        lcp: numeric('largest-contentful-paint'),
        tbt: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        // Lighthouse's own measure of the host's CPU: its 4x slowdown assumes a fast desktop,
        // so on a slower host the same page blocks for longer.
        benchmarkIndex: result?.lhr.environment.benchmarkIndex ?? Number.NaN,
        // What keeps a score down, so a missed goal names its cause.
        failing: (categories?.accessibility?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ref.id),
      };
    };
    /**
     * Each page RUNS times: a single Lighthouse run under simulated throttling swings with the
     * machine's load, the median of each figure does much less.
     */
    const audit = async (label: string, url: string) => {
      const runs: Awaited<ReturnType<typeof run>>[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await run(url));
      const of = (pick: (r: (typeof runs)[number]) => number) => median(runs.map(pick));
      const all = (pick: (r: (typeof runs)[number]) => number, digits = 0) =>
        `runs ${runs.map((r) => pick(r).toFixed(digits)).join(', ')}`;
      const failing = [...new Set(runs.flatMap((r) => r.failing))];
      figures.push(
        {
          section: 'lighthouse',
          name: `${label} performance (mobile, median of ${RUNS})`,
          value: of((r) => r.performance),
          unit: '',
          goal: '>= 95',
          note: `${all((r) => r.performance)}; FCP ${(of((r) => r.fcp) / 1000).toFixed(1)} s; host benchmark index ${of((r) => r.benchmarkIndex).toFixed(0)}`,
        },
        {
          section: 'lighthouse',
          name: `${label} largest contentful paint`,
          value: Math.round(of((r) => r.lcp) / 100) / 10,
          unit: 's',
          goal: '<= 2.0',
          note: all((r) => r.lcp / 1000, 1),
        },
        {
          section: 'lighthouse',
          name: `${label} total blocking time`,
          value: Math.round(of((r) => r.tbt)),
          unit: 'ms',
          goal: '<= 150',
          note: all((r) => r.tbt),
        },
        {
          section: 'lighthouse',
          name: `${label} cumulative layout shift`,
          value: Math.round(of((r) => r.cls) * 1000) / 1000,
          unit: '',
          goal: '<= 0.05',
          note: all((r) => r.cls, 3),
        },
        {
          section: 'lighthouse',
          name: `${label} accessibility`,
          value: of((r) => r.accessibility),
          unit: '',
          goal: '>= 100',
          note: failing.length > 0 ? `failing: ${failing.join(', ')}` : undefined,
        },
      );
    };
    await audit('paywall', `${server.baseUrl}/`);

    /**
     * The machine's own floor for the paywall: the same prerendered page with its scripts
     * blocked, so what is left is parsing, styling and laying out its HTML in a new renderer
     * process (the security headers' opener policy gives each load a process of its own, as a
     * visitor arriving from another site gets). Its blocking time is what no change to the
     * scripts can remove; a slower machine raises it as much as the page's figure.
     */
    const baseline = async (url: string) => {
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i++) runs.push((await run(url, true)).tbt);
      figures.push({
        section: 'lighthouse',
        name: 'paywall HTML and CSS alone, scripts blocked (baseline): total blocking time',
        value: Math.round(median(runs)),
        unit: 'ms',
        note: `runs ${runs.map((tbt) => tbt.toFixed(0)).join(', ')}`,
      });
    };

    await baseline(`${server.baseUrl}/`);

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
