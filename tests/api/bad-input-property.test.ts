import { readdir } from 'node:fs/promises';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYMPTOM_NAMES } from '../../src/shared/symptoms';
import { multipartBody, SAMPLE_BYTES } from '../helpers/multipart';
import { patientDetails } from '../helpers/payments';
import { firstQuestionOfType } from '../helpers/seed-answers';
import { useTestApp, type TestUser } from '../helpers/test-app';

const t = useTestApp();
let patient: TestUser;
let admin: TestUser;
let textQuestionId: number;
let photoQuestionId: number;
beforeAll(async () => {
  patient = await t.createPatient();
  admin = await t.createAdmin();
  textQuestionId = (await firstQuestionOfType(t.database.db, 'text')).id;
  photoQuestionId = (await firstQuestionOfType(t.database.db, 'photo')).id;
});

// Failed sign-ins are meant to count; everything else must be left as it was by a refused call.
const WATCHED_TABLES = [
  'users',
  'assessments',
  'access_codes',
  'questions',
  'question_translations',
  'question_options',
  'option_translations',
  'answers',
  'media_uploads',
  'promo_codes',
  'payments',
  'webhook_events',
  'audit_log',
  'erasures',
];

async function snapshot(): Promise<string> {
  const parts: string[] = [];
  for (const table of WATCHED_TABLES) {
    const result = await t.database.db.execute(
      sql.raw(
        `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM ${table} t`,
      ),
    );
    parts.push(String((result as unknown as { rows: { h: string }[] }).rows[0]!.h));
  }
  return parts.join(',');
}

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const body = fc.oneof(
  jsonValue.map((value) => ({ payload: JSON.stringify(value), type: 'application/json' })),
  fc.string({ maxLength: 200 }).map((text) => ({ payload: text, type: 'application/json' })),
  fc.string({ maxLength: 100 }).map((text) => ({ payload: text, type: 'text/plain' })),
  fc.constant({ payload: '', type: 'application/json' }),
);
const param = fc.oneof(
  fc.integer({ min: -5, max: 3_000_000_000 }).map(String),
  fc.string({ maxLength: 30 }).map((s) => encodeURIComponent(s) || 'x'),
  fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%00', '1e3', 'NaN', '0x10'),
);
const query = fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), {
  maxKeys: 3,
});
const headers = fc.record({
  who: fc.constantFrom('nobody', 'patient', 'admin', 'garbage'),
  language: fc.constantFrom('de-DE', 'en', 'xx', ''),
});

function withTimeout<T>(promise: Promise<T>, label: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${label} hung`)), 5000)),
  ]);
}

describe('random and malformed input to every endpoint', () => {
  it('always answers 2xx or 4xx with a JSON message, never 5xx or a hang, and 4xx changes nothing', async () => {
    const routes = t.app.routeAccessTable.filter(
      (r) => !r.url.includes('webhook') && !r.url.endsWith('/media'),
    );
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      const patient = await t.createPatient();
      const admin = await t.createAdmin();
      await fc.assert(
        fc.asyncProperty(body, param, query, headers, async (b, p, q, h) => {
          const url =
            route.url.replace(/:\w+/g, p).replace('*', p) + '?' + new URLSearchParams(q).toString();
          const authorization = {
            nobody: undefined,
            patient: patient.headers.authorization,
            admin: admin.headers.authorization,
            garbage: 'Bearer not.a.token',
          }[h.who];
          const before = await snapshot();
          const reply = await withTimeout(
            t.app.inject({
              method: route.method as 'POST',
              url,
              headers: {
                'content-type': b.type,
                'accept-language': h.language,
                ...(authorization ? { authorization } : {}),
              },
              payload: route.method === 'GET' ? undefined : b.payload,
            }),
            `${route.method} ${url}`,
          );
          const label = `${route.method} ${url} -> ${reply.statusCode}: ${reply.payload.slice(0, 200)}`;
          expect(reply.statusCode, label).toBeLessThan(500);
          if (reply.statusCode >= 400) {
            expect(reply.json().message, label).toEqual(expect.any(String));
            expect(await snapshot(), `${label} changed rows`).toBe(before);
          }
        }),
        { numRuns: 25, seed: 20261123 },
      );
    }
  }, 240_000);
});

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/**
 * One valid request per route with text, dates or ids in it, every optional field filled in.
 * Built after the app starts (ids of seeded questions, the patient's id).
 */
interface Sample {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as registered, e.g. "/api/admin/questions/:id". */
  route: string;
  params?: Record<string, Json>;
  query?: Record<string, Json>;
  body?: Json;
}

const MEDIA_PATH = 'media/0b6f3a52-9c1e-4d2a-8f7e-3c5d1a2b4e6f.jpg';
/** A valid id no row has, so a sample sent as it is changes no existing record. */
const NO_ROW = 2_000_000_000;

function samples(): Sample[] {
  const details = patientDetails('fuzz') as unknown as Record<string, Json>;
  const question = {
    QuestionType: 'multiple_choice',
    QuestionText: 'How often does it happen?\nThink of the last month.',
    Order: 900,
    IsActive: true,
    Overlay: null,
    Translations: [
      { LanguageID: 2, TranslatedText: 'Wie oft passiert es?\nDenken Sie an den Monat.' },
    ],
    Options: [
      {
        ID: 1,
        OptionText: 'Daily',
        Order: 1,
        IsActive: true,
        Translations: [{ LanguageID: 2, TranslatedText: 'Täglich' }],
      },
    ],
  };
  const coupon = {
    code: 'FUZZ10',
    amountCents: 1000,
    status: 'active',
    expiresAt: '2030-01-01T00:00:00Z',
  };
  return [
    {
      method: 'POST',
      route: '/api/verify-access-code',
      body: { code: 'ABCD-EFGH-JKLM-NPQR', language: 'de', totp: '123456' },
    },
    {
      method: 'POST',
      route: '/api/access-code/forgot',
      body: { email: 'nobody@example.org', language: 'de' },
    },
    {
      method: 'POST',
      route: '/api/create-payment-intent',
      body: { amount: 9900, currency: 'eur', couponCode: 'NOSUCHCODE', details, language: 'de' },
    },
    {
      method: 'POST',
      route: '/api/update-payment-intent',
      body: {
        paymentIntentId: 'pi_fuzz',
        clientSecret: 'pi_fuzz_secret',
        amount: 9900,
        currency: 'eur',
        couponCode: 'NOSUCHCODE',
        details,
        language: 'de',
      },
    },
    {
      method: 'POST',
      route: '/api/verify-payment',
      body: {
        ...details,
        paymentIntentId: 'pi_fuzz',
        clientSecret: 'pi_fuzz_secret',
        couponCode: 'NOSUCHCODE',
        language: 'de',
      },
    },
    { method: 'POST', route: '/api/coupons/validate', body: { code: 'NOSUCHCODE' } },
    {
      method: 'POST',
      route: '/api/coupons/redeem',
      body: { code: 'NOSUCHCODE', userId: patient.id },
    },
    {
      method: 'POST',
      route: '/api/demo-payments/confirm',
      body: {
        paymentIntentId: 'pi_fuzz',
        clientSecret: 'pi_fuzz_secret',
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/34',
        cvc: '123',
        country: 'DE',
      },
    },
    {
      method: 'POST',
      route: '/api/survey/responses',
      body: {
        questionId: textQuestionId,
        answerText: 'It clicks when I chew.\nWorse in the morning.',
        optionId: 1,
        mediaType: 'photo',
        mediaPath: MEDIA_PATH,
        painPoints: [{ id: 'p1', x: 0.5, y: 0.25, intensity: 'light' }],
        symptoms: [
          {
            id: 's1',
            name: SYMPTOM_NAMES[0]!,
            frequency: 'weekly',
            trigger: 'stress',
            intensity: 'mittel',
          },
        ],
      },
    },
    { method: 'POST', route: '/api/admin/questions', body: question },
    { method: 'PUT', route: '/api/admin/questions/:id', params: { id: NO_ROW }, body: question },
    { method: 'POST', route: '/api/admin/coupons', body: coupon },
    { method: 'PUT', route: '/api/admin/coupons/:id', params: { id: NO_ROW }, body: coupon },
    {
      method: 'PUT',
      route: '/api/admin/assessments/:id/status',
      params: { id: NO_ROW },
      body: { status: 'in_review' },
    },
    {
      method: 'DELETE',
      route: '/api/admin/patients/:id',
      params: { id: NO_ROW },
      body: { confirmEmail: 'nobody@example.org' },
    },
    {
      method: 'GET',
      route: '/api/admin/responses',
      query: { page: 1, pageSize: 25, search: 'lovelace' },
    },
    { method: 'GET', route: '/api/admin/assessments/:id/answers', params: { id: NO_ROW } },
    {
      method: 'GET',
      route: '/api/admin/audit-log',
      query: {
        patientId: 1,
        actorId: 1,
        action: 'responses.read',
        from: '2026-01-01',
        to: '2026-12-31',
        page: 1,
        pageSize: 50,
      },
    },
    { method: 'GET', route: '/api/admin/media/*', params: { '*': MEDIA_PATH } },
    { method: 'GET', route: '/api/survey/media/*', params: { '*': MEDIA_PATH } },
    { method: 'POST', route: '/api/admin/media-links', body: { path: MEDIA_PATH } },
    {
      method: 'GET',
      route: '/api/media/signed/*',
      params: { '*': MEDIA_PATH },
      query: { expires: 1_900_000_000, signature: 'c2lnbmF0dXJl' },
    },
    { method: 'GET', route: '/api/admin/assessments/:id/report.pdf', params: { id: NO_ROW } },
    { method: 'GET', route: '/api/legal/:page', params: { page: 'terms' } },
    { method: 'GET', route: '/api/me/invoices/:id/pdf', params: { id: NO_ROW } },
    { method: 'GET', route: '/api/admin/assessments/:id/invoices', params: { id: NO_ROW } },
    { method: 'GET', route: '/api/admin/invoices/:id/pdf', params: { id: NO_ROW } },
    {
      method: 'POST',
      route: '/api/admin/assessments/:id/refund',
      params: { id: NO_ROW },
      body: { reason: 'Asked by phone\nto cancel', eraseAnswers: false },
    },
    {
      method: 'POST',
      route: '/api/admin/assessments/:id/erase',
      params: { id: NO_ROW },
      body: { confirmName: 'Anna Schmidt' },
    },
    { method: 'DELETE', route: '/api/admin/questions/:id', params: { id: NO_ROW } },
    { method: 'DELETE', route: '/api/admin/coupons/:id', params: { id: NO_ROW } },
    { method: 'POST', route: '/api/admin/assessments/:id/access-code', params: { id: NO_ROW } },
    {
      method: 'POST',
      route: '/api/admin/evaluation-conclusions',
      body: { en: 'Signs of bruxism', de: 'Zeichen von Bruxismus' },
    },
    {
      method: 'PUT',
      route: '/api/admin/evaluation-conclusions/:id',
      params: { id: NO_ROW },
      body: { en: 'Signs of bruxism', de: 'Zeichen von Bruxismus' },
    },
    { method: 'DELETE', route: '/api/admin/evaluation-conclusions/:id', params: { id: NO_ROW } },
    {
      method: 'PUT',
      route: '/api/admin/profile',
      body: { displayName: 'Dr. med. dent. Eva Muster' },
    },
    { method: 'GET', route: '/api/admin/assessments/:id/evaluation', params: { id: NO_ROW } },
    {
      method: 'PUT',
      route: '/api/admin/assessments/:id/evaluation',
      params: { id: NO_ROW },
      body: {
        conclusionId: 1,
        findings: 'Clicking on the left.\nLimited opening.',
        recommendations: 'A splint at night.',
        callToAction: true,
      },
    },
    { method: 'POST', route: '/api/admin/assessments/:id/evaluation/send', params: { id: NO_ROW } },
    {
      method: 'POST',
      route: '/api/admin/assessments/:id/evaluation/addenda',
      params: { id: NO_ROW },
      body: { text: 'Seen again on 2 December.\nNo change.' },
    },
  ];
}

/** Routes whose requests carry no text, date or id beyond what the first property covers. */
const NOTHING_TO_SAMPLE = [
  'PUT /api/user/language',
  'POST /api/user/logout',
  'POST /api/me/erase',
  'POST /api/survey/completion-email',
  'POST /api/survey/media',
  'POST /api/survey/uploads',
  'PATCH /api/survey/uploads/:id',
  'HEAD /api/survey/uploads/:id',
  'POST /api/stripe/webhook',
];

/** Text the contracts restrict to a list; a control character there is just another wrong value. */
const ENUM_KEYS = new Set([
  'page',
  'language',
  'currency',
  'status',
  'QuestionType',
  'intensity',
  'name',
  'frequency',
  'trigger',
  'mediaType',
  'view',
  'action',
  'Overlay',
]);
const MULTI_LINE_KEYS = new Set(['answerText', 'QuestionText', 'TranslatedText', 'reason']);
const DATE = /^\d{4}-\d{2}-\d{2}/;
const ID_KEY = /^(id|ID|\w+Id)$/;

type Where = 'params' | 'query' | 'body';
interface Leaf {
  where: Where;
  path: (string | number)[];
  key: string;
  value: Json;
}

function leavesOf(value: Json, where: Where, path: (string | number)[] = []): Leaf[] {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) =>
      leavesOf(child, where, [...path, Array.isArray(value) ? Number(key) : key]),
    );
  }
  const key = String(path.findLast((part) => typeof part === 'string') ?? '');
  return [{ where, path, key, value }];
}

const allLeaves = (sample: Sample): Leaf[] => [
  ...leavesOf((sample.params ?? {}) as Json, 'params'),
  ...leavesOf((sample.query ?? {}) as Json, 'query'),
  ...leavesOf(sample.body ?? {}, 'body'),
];

function replaced(sample: Sample, leaf: Leaf, value: Json): Sample {
  const copy = structuredClone(sample);
  let node = copy[leaf.where] as Record<string | number, Json>;
  for (const part of leaf.path.slice(0, -1)) node = node[part] as Record<string | number, Json>;
  node[leaf.path.at(-1)!] = value;
  return copy;
}

const isText = (leaf: Leaf) =>
  typeof leaf.value === 'string' && !DATE.test(leaf.value) && !ENUM_KEYS.has(leaf.key);
const isDate = (leaf: Leaf) => typeof leaf.value === 'string' && DATE.test(leaf.value);
const isId = (leaf: Leaf) =>
  ID_KEY.test(leaf.key) && (typeof leaf.value === 'number' || leaf.where !== 'body');

function send(sample: Sample, language = 'de-DE') {
  const url = sample.route.replace(/:(\w+)|\*/g, (match, name: string | undefined) =>
    encodeURIComponent(String(sample.params?.[name ?? '*'] ?? match)),
  );
  const query = new URLSearchParams(
    Object.entries(sample.query ?? {}).map(([key, value]) => [key, String(value)]),
  ).toString();
  const who = sample.route.startsWith('/api/admin') ? admin : patient;
  return t.app.inject({
    method: sample.method,
    url: query ? `${url}?${query}` : url,
    headers: { ...who.headers, 'accept-language': language },
    ...(sample.body === undefined ? {} : { payload: sample.body as object }),
  });
}

/** A control character: NUL, the rest of C0 and DEL. */
const control = fc
  .oneof(fc.integer({ min: 0, max: 31 }), fc.constant(127))
  .map((code) => String.fromCharCode(code));
const LINE_CHARACTERS = ['\t', '\n', '\r'];

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** Days outside 1900-2199: year 0, the nineteenth century, far ahead. */
const extremeDay = fc
  .record({
    year: fc.oneof(
      fc.constant(0),
      fc.integer({ min: 1, max: 1899 }),
      fc.integer({ min: 2200, max: 9999 }),
    ),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ year, month, day }) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`);
/** Ids no integer column holds, and ones no row has. */
const extremeId = fc.oneof(
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 70n }).map((n) => Number(n)),
  fc.constantFrom(0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER),
);

describe('valid requests with one hostile value', () => {
  async function expectRefusedUnchanged(sample: Sample, code?: string) {
    const before = await snapshot();
    const reply = await withTimeout(send(sample), `${sample.method} ${sample.route}`);
    const label = `${sample.method} ${sample.route} ${JSON.stringify(sample.body ?? sample.query ?? sample.params)} -> ${reply.statusCode}: ${reply.payload.slice(0, 200)}`;
    expect(reply.statusCode, label).toBe(400);
    expect(reply.json().message, label).toEqual(expect.any(String));
    if (code) expect(reply.json().code, label).toBe(code);
    expect(await snapshot(), `${label} changed rows`).toBe(before);
  }

  it('has a valid sample for every route that takes text, dates or ids', async () => {
    const sampled = samples().map((s) => `${s.method} ${s.route}`);
    for (const route of t.app.routeAccessTable) {
      const name = `${route.method} ${route.url}`;
      const takesInput =
        route.method !== 'GET' || route.url.includes(':') || route.url.includes('*');
      if (!takesInput || NOTHING_TO_SAMPLE.includes(name)) continue;
      expect(sampled, `${name} needs a sample here`).toContain(name);
    }
    // Each sample passes the contract as it is, so a refusal below is the hostile value's doing.
    for (const sample of samples()) {
      const reply = await send(sample);
      const label = `${sample.method} ${sample.route} -> ${reply.statusCode}: ${reply.payload.slice(0, 200)}`;
      expect(reply.statusCode, label).toBeLessThan(500);
      expect(
        ['errors.validation', 'errors.controlCharacters', 'errors.invalidJson'],
        label,
      ).not.toContain(reply.json<{ code?: string }>().code);
    }
  }, 60_000);

  it('refuses a control character inside any text field with 400, naming it, and changes nothing', async () => {
    const cases = samples().flatMap((sample) =>
      allLeaves(sample)
        .filter((leaf) => isText(leaf) || isDate(leaf))
        .map((leaf) => ({ sample, leaf })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...cases),
        control,
        fc.nat(),
        async ({ sample, leaf }, c, at) => {
          const text = leaf.value as string;
          // Inside the value: leading and trailing whitespace is trimmed off one-line fields.
          const i = 1 + (at % (text.length - 1));
          const allowed = MULTI_LINE_KEYS.has(leaf.key) && LINE_CHARACTERS.includes(c);
          fc.pre(!allowed);
          await expectRefusedUnchanged(
            replaced(sample, leaf, text.slice(0, i) + c + text.slice(i)),
            isDate(leaf) ? undefined : 'errors.controlCharacters',
          );
        },
      ),
      { numRuns: 150, seed: 20261124 },
    );
  }, 240_000);

  it('refuses days outside the range and ids beyond the column type with 400, and changes nothing', async () => {
    const dates = samples().flatMap((sample) =>
      allLeaves(sample)
        .filter(isDate)
        .map((leaf) => ({ sample, leaf })),
    );
    const ids = samples().flatMap((sample) =>
      allLeaves(sample)
        .filter(isId)
        .map((leaf) => ({ sample, leaf })),
    );
    expect(dates.length).toBeGreaterThan(3);
    expect(ids.length).toBeGreaterThan(8);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .tuple(fc.constantFrom(...dates), extremeDay)
            .map(([{ sample, leaf }, day]) =>
              replaced(sample, leaf, day + (leaf.value as string).slice(10)),
            ),
          fc
            .tuple(fc.constantFrom(...ids), extremeId)
            .map(([{ sample, leaf }, id]) =>
              replaced(sample, leaf, leaf.where === 'body' ? id : String(id)),
            ),
        ),
        (hostile) => expectRefusedUnchanged(hostile),
      ),
      { numRuns: 120, seed: 20261125 },
    );
  }, 240_000);

  it('refuses a broken multipart upload with 4xx, keeps no file and changes nothing', async () => {
    const mediaFiles = async () =>
      (await readdir(t.config.mediaDir, { recursive: true }).catch(() => [])).filter((name) =>
        /\.(jpg|png|webm|mp4|part)$/.test(name),
      );
    const broken = fc.record({
      size: fc.integer({ min: 1, max: 64 * 1024 }),
      breakage: fc.constantFrom('no boundary', 'truncated', 'other boundary', 'no closing'),
      cut: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
    });
    await fc.assert(
      fc.asyncProperty(broken, async ({ size, breakage, cut }) => {
        const form = multipartBody(
          { type: 'photo', questionId: String(photoQuestionId) },
          {
            name: 'media',
            filename: 'a.jpg',
            contentType: 'image/jpeg',
            data: SAMPLE_BYTES.jpeg(size),
          },
        );
        const closing = form.payload.lastIndexOf('\r\n--');
        let payload = form.payload;
        let contentType = form.headers['content-type'];
        if (breakage === 'no boundary') contentType = 'multipart/form-data';
        if (breakage === 'other boundary') contentType = 'multipart/form-data; boundary=elsewhere';
        if (breakage === 'truncated')
          payload = payload.subarray(0, 1 + Math.floor(cut * (closing - 1)));
        if (breakage === 'no closing') payload = payload.subarray(0, closing + 2);
        const before = await snapshot();
        const files = await mediaFiles();
        const reply = await withTimeout(
          t.app.inject({
            method: 'POST',
            url: '/api/survey/media',
            headers: { ...patient.headers, 'content-type': contentType },
            payload,
          }),
          `upload ${breakage}`,
        );
        const label = `${breakage} at ${cut} -> ${reply.statusCode}: ${reply.payload.slice(0, 200)}`;
        expect(reply.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(reply.statusCode, label).toBeLessThan(500);
        expect(reply.json().message, label).toEqual(expect.any(String));
        expect(await snapshot(), `${label} changed rows`).toBe(before);
        expect(await mediaFiles(), `${label} left a file`).toEqual(files);
      }),
      { numRuns: 40, seed: 20261126 },
    );
  }, 240_000);
});
