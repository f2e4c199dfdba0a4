import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';
import { parseRegion } from './calendar/practice-calendar';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

/** The sender in development; production must name the practice's own address. */
const MAIL_FROM_PLACEHOLDER = 'CMD Risk Assessment <no-reply@localhost>';

/** An address patients can receive mail from: a domain with a dot, not localhost. */
function isRealSender(from: string): boolean {
  const address = /<([^<>]*)>\s*$/.exec(from)?.[1] ?? from;
  const domain = /^[^\s@]+@([^\s@]+)$/.exec(address.trim())?.[1]?.toLowerCase();
  return Boolean(domain?.includes('.') && !domain.endsWith('.localhost'));
}

const mediaKeyText = z.string().refine((value) => Buffer.from(value, 'base64').length === 32, {
  message: 'must be 32 bytes in base64 (openssl rand -base64 32)',
});

/** Every environment variable the server reads, with its default (listed in the README too). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  JWT_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(43, 'must hold at least 256 bits (43 or more characters)').optional(),
  ),
  JWT_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 30),
  PAYMENTS: z.preprocess(emptyToUndefined, z.enum(['stripe', 'demo']).optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Only for tests and local mocks: where the Stripe SDK sends its requests. */
  STRIPE_API_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default(MAIL_FROM_PLACEHOLDER),
  PRACTICE_EMAIL: optionalString,
  MEDIA_ENCRYPTION_KEY: z.preprocess(emptyToUndefined, mediaKeyText.optional()),
  /** Earlier media keys, comma-separated: files sealed with them stay readable after a rotation. */
  MEDIA_ENCRYPTION_OLD_KEYS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    )
    .pipe(z.array(mediaKeyText)),
  MEDIA_STORE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalString,
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  MEDIA_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(250 * 1024 * 1024),
  MEDIA_QUOTA_FILES: z.coerce.number().int().min(1).max(10_000).default(40),
  /** Unset: four times MEDIA_MAX_BYTES (see loadConfig). */
  MEDIA_QUOTA_BYTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1024).optional()),
  RETENTION_MONTHS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(600).optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  /** Prometheus metrics on a port of their own (off when unset), reached by the scraper only. */
  METRICS_PORT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(65_535).optional(),
  ),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Or on the main port at /metrics, for a scraper that sends this bearer token. */
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters (openssl rand -hex 32)').optional(),
  ),
  /** Slowloris: the whole request head must arrive within this. */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  /** A connection that sends and takes no byte for this long is closed: a stalled body. */
  IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(90),
  /** A request, body included, must have arrived within this (one tus part of 1 MiB: 1.7 KB/s). */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(7200).default(600),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(5),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  PRACTICE_REGION: z.string().default('DE-BE'),
  PRACTICE_TIMEZONE: z
    .string()
    .default('Europe/Berlin')
    .refine(isTimeZone, { message: 'must be an IANA time zone such as Europe/Berlin' }),
  /**
   * The practice profile (docs/deployment.md): who the patient deals with. Name, address (lines
   * split by "|"), contact e-mail and phone, a tax number or VAT ID and the VAT mode are required
   * in production; the rest fills the imprint when given.
   */
  PRACTICE_NAME: optionalString,
  PRACTICE_ADDRESS: optionalString,
  PRACTICE_PHONE: optionalString,
  PRACTICE_LOGO: optionalString,
  PRACTICE_TAX_NUMBER: optionalString,
  PRACTICE_VAT_ID: optionalString,
  /** The dental chamber (Zahnärztekammer) the dentists belong to, with its address. */
  PRACTICE_CHAMBER: optionalString,
  PRACTICE_SUPERVISORY_AUTHORITY: optionalString,
  /** E.g. "Zahnarzt/Zahnärztin", and the state that granted it ("Bundesrepublik Deutschland"). */
  PRACTICE_PROFESSIONAL_TITLE: optionalString,
  PRACTICE_TITLE_STATE: optionalString,
  PRACTICE_REGULATIONS_NAME: optionalString,
  PRACTICE_REGULATIONS_URL: optionalUrl,
  /** Where a patient books an examination: the evaluation's call to action. */
  PRACTICE_BOOKING_URL: optionalUrl,
  /** Days after payment before an unfinished assessment gets its one reminder. */
  REMINDER_AFTER_DAYS: z.coerce.number().int().min(1).max(365).default(3),
  /** Unset: invoices say nothing about VAT; "exempt": § 4 Nr. 14 UStG; a number: that rate in %. */
  PRACTICE_VAT: z.preprocess(
    emptyToUndefined,
    z
      .union([z.literal('exempt'), z.coerce.number().gt(0).max(100)], {
        message: 'must be "exempt" (§ 4 Nr. 14 UStG) or a VAT rate in percent such as 19',
      })
      .optional(),
  ),
  INVOICE_NUMBER_PREFIX: z
    .string()
    .max(20)
    .regex(/^[A-Za-z0-9-/_]*$/, 'letters, digits, "-", "/" and "_" only')
    .default('RE-'),
});

/** How invoices treat VAT: as the operator configured it, and nothing when they did not. */
export type VatMode = { mode: 'unstated' } | { mode: 'exempt' } | { mode: 'rate'; percent: number };

/** The seller printed on every invoice, as configured when the invoice was issued. */
export interface PracticeDetails {
  name: string | undefined;
  addressLines: string[];
  taxNumber: string | undefined;
  vatId: string | undefined;
}

/** Who the patient deals with: the imprint, the privacy notice, every letterhead and footer. */
export interface PracticeProfile {
  name: string;
  addressLines: string[];
  email: string | undefined;
  phone: string | undefined;
  taxNumber: string | undefined;
  vatId: string | undefined;
  chamber: string | undefined;
  supervisoryAuthority: string | undefined;
  professionalTitle: string | undefined;
  titleState: string | undefined;
  regulations: { name: string; url: string | undefined } | undefined;
  bookingUrl: string | undefined;
  /** True when development filled in the sample practice: every page says so. */
  sample: boolean;
}

/**
 * Development runs without a profile: these values are visibly an example, so nobody mistakes
 * a development start for a configured practice. Tests and production get none of them.
 */
const SAMPLE_PRACTICE = {
  PRACTICE_NAME: 'Sample Dental Practice (example data, set PRACTICE_NAME)',
  PRACTICE_ADDRESS: 'Musterstraße 1 (example)|10115 Berlin',
  PRACTICE_EMAIL: 'practice@example.invalid',
  PRACTICE_PHONE: '+49 30 000000 (example)',
  PRACTICE_TAX_NUMBER: '00/000/00000 (example)',
} as const;

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * What Fastify's trustProxy takes: true or false, or the reverse proxies' addresses, CIDR ranges
 * or proxy-addr's names (loopback, linklocal, uniquelocal), comma-separated. Checked with the
 * parser Fastify itself uses, so a typo stops the start instead of trusting nothing.
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): boolean | string {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) {
    ctx.addIssue({
      code: 'custom',
      message:
        "a hop count is not accepted (Fastify 5.12.1 and later ignore it, as it cannot check that a request came through the proxy): give the proxy's address or range, e.g. 127.0.0.1 or 10.0.0.0/8",
    });
    return z.NEVER;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  try {
    proxyAddr.compile(entries);
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      message: `${(error as Error).message}; expected true, false, or addresses and CIDR ranges separated by commas`,
    });
    return z.NEVER;
  }
  return entries.join(',');
}

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  outboxDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  publicUrl: string;
  jwtSecret: string;
  jwtTtlSeconds: number;
  payments:
    | { provider: 'demo' }
    | {
        provider: 'stripe';
        secretKey: string;
        publishableKey: string;
        webhookSecret: string | undefined;
        apiUrl: string | undefined;
      };
  smtpUrl: string | undefined;
  mailFrom: string;
  practiceEmail: string | undefined;
  mediaMaxBytes: number;
  /** What one assessment may keep of photos and videos, uploads in progress included. */
  mediaQuota: { files: number; bytes: number };
  /** AES-256 key new media files are sealed with. */
  mediaKey: Buffer;
  /** Earlier keys, for files sealed before a rotation. */
  mediaOldKeys: Buffer[];
  /** Where media files live: DATA_DIR/media, or an S3-compatible bucket all instances share. */
  mediaStore: { kind: 'disk' } | ({ kind: 's3' } & S3Settings);
  /** Evaluated assessments older than this are erased; undefined keeps them. */
  retentionMonths: number | undefined;
  logLevel: Env['LOG_LEVEL'];
  /** Fastify's trustProxy: false, true (every hop), or the proxies' addresses and ranges. */
  trustProxy: boolean | string;
  metrics: { port: number | undefined; host: string; token: string | undefined };
  /** How long a client may take to send a request (seconds): its head, a pause, all of it. */
  timeouts: { headersSeconds: number; idleSeconds: number; requestSeconds: number };
  shutdown: { drainSeconds: number; timeoutSeconds: number };
  /** Public holidays and "today" of the practice: due dates, the case report, e-mails. */
  practice: { region: string; timeZone: string };
  profile: PracticeProfile;
  /** The evaluation's letterhead and call to action. */
  letterhead: {
    name: string;
    addressLines: string[];
    phone: string | undefined;
    email: string | undefined;
    /** The practice's tax number and VAT ID, under its address as on its letters. */
    taxNumber: string | undefined;
    vatId: string | undefined;
    /** A PNG or JPEG file, checked at start. */
    logoPath: string | undefined;
    bookingUrl: string | undefined;
  };
  reminderAfterDays: number;
  invoicing: { seller: PracticeDetails; vat: VatMode; numberPrefix: string };
}

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const env = result.data;
  const problems: string[] = [];
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
    problems.push('JWT_SECRET: required in production');
  }
  if (env.PAYMENTS === 'stripe' && !env.STRIPE_SECRET_KEY) {
    problems.push('STRIPE_SECRET_KEY: required when PAYMENTS=stripe');
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_PUBLISHABLE_KEY && env.PAYMENTS !== 'demo') {
    problems.push('STRIPE_PUBLISHABLE_KEY: required with STRIPE_SECRET_KEY');
  }
  if (env.NODE_ENV === 'production' && !env.STRIPE_SECRET_KEY && env.PAYMENTS !== 'demo') {
    problems.push(
      'STRIPE_SECRET_KEY: required in production; set PAYMENTS=demo to run the offline test provider on purpose',
    );
  }
  if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
    problems.push(
      'SMTP_URL: required in production (e.g. smtps://user:password@mail.example.org:465); without it mails would only be written to DATA_DIR/outbox',
    );
  }
  if (env.NODE_ENV === 'production' && !isRealSender(env.MAIL_FROM)) {
    problems.push(
      'MAIL_FROM: required in production: the sender patients see, e.g. "Praxis Dr. Muster <praxis@example.de>"',
    );
  }
  if (env.NODE_ENV === 'production' && !env.MEDIA_ENCRYPTION_KEY) {
    problems.push(
      'MEDIA_ENCRYPTION_KEY: required in production (openssl rand -base64 32); every instance needs the same key, kept apart from the backups',
    );
  }
  if (env.NODE_ENV === 'production' && env.TRUST_PROXY === true) {
    problems.push(
      "TRUST_PROXY: true is refused in production: it believes any X-Forwarded-For, so a client picks its own address and escapes the rate limits; give the reverse proxy's address or range, e.g. 127.0.0.1 or 10.0.0.0/8",
    );
  }
  if (env.HEADERS_TIMEOUT_SECONDS > env.REQUEST_TIMEOUT_SECONDS) {
    problems.push('HEADERS_TIMEOUT_SECONDS: must not exceed REQUEST_TIMEOUT_SECONDS');
  }
  if (env.MEDIA_STORE === 's3') {
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!env[name]) problems.push(`${name}: required when MEDIA_STORE=s3`);
    }
  }
  if (!parseRegion(env.PRACTICE_REGION)) {
    problems.push(
      'PRACTICE_REGION: unknown region; give a country with an optional state, e.g. DE-BE (Berlin), DE-BY (Bavaria), AT-9 (Vienna)',
    );
  }
  if (env.NODE_ENV === 'production') problems.push(...missingProfile(env));
  if (problems.length > 0) throw new ConfigError(problems);
  return env;
}

/** § 5 DDG and § 14 UStG: what the imprint and every invoice cannot do without. */
function missingProfile(env: Env): string[] {
  const problems: string[] = [];
  const required = {
    PRACTICE_NAME: 'the practice\'s name, e.g. "Zahnarztpraxis Dr. Eva Muster"',
    PRACTICE_ADDRESS:
      'the postal address, lines split by "|", e.g. "Friedrichstraße 12|10117 Berlin"',
    PRACTICE_EMAIL: 'the contact e-mail address patients write to',
    PRACTICE_PHONE: 'the contact phone number',
  } as const;
  for (const [name, what] of Object.entries(required)) {
    if (!env[name as keyof typeof required])
      problems.push(`${name}: required in production (${what})`);
  }
  if (!env.PRACTICE_TAX_NUMBER && !env.PRACTICE_VAT_ID) {
    problems.push(
      'PRACTICE_TAX_NUMBER or PRACTICE_VAT_ID: required in production (every invoice names one, § 14 UStG)',
    );
  }
  if (env.PRACTICE_VAT === undefined) {
    problems.push(
      'PRACTICE_VAT: required in production: "exempt" (§ 4 Nr. 14 UStG) or the VAT rate in percent',
    );
  }
  return problems;
}

function practiceProfile(given: Env): PracticeProfile {
  const sample = given.NODE_ENV === 'development' && !given.PRACTICE_NAME;
  const env = sample ? { ...given, ...SAMPLE_PRACTICE } : given;
  return {
    name: env.PRACTICE_NAME ?? 'CMD Risk Assessment',
    addressLines: (env.PRACTICE_ADDRESS ?? '')
      .split('|')
      .map((line) => line.trim())
      .filter(Boolean),
    email: env.PRACTICE_EMAIL,
    phone: env.PRACTICE_PHONE,
    taxNumber: env.PRACTICE_TAX_NUMBER,
    vatId: env.PRACTICE_VAT_ID,
    chamber: env.PRACTICE_CHAMBER,
    supervisoryAuthority: env.PRACTICE_SUPERVISORY_AUTHORITY,
    professionalTitle: env.PRACTICE_PROFESSIONAL_TITLE,
    titleState: env.PRACTICE_TITLE_STATE,
    regulations: env.PRACTICE_REGULATIONS_NAME
      ? { name: env.PRACTICE_REGULATIONS_NAME, url: env.PRACTICE_REGULATIONS_URL }
      : undefined,
    bookingUrl: env.PRACTICE_BOOKING_URL,
    sample,
  };
}

/**
 * A secret not given in the environment is generated once and kept in the data directory. It
 * is written whole to a file of its own (exclusive create) and then linked into place, which
 * fails when the name exists: of two processes starting at once, one wins and both use its
 * secret, and nobody reads a half-written file. A file too short to be a secret is an error,
 * not something to overwrite: media sealed with the key would be lost.
 */
async function loadOrCreateSecret(dataDir: string, name: string): Promise<string> {
  const file = join(dataDir, name);
  const read = async () => {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length < 43) {
      throw new ConfigError([`${file}: holds no secret; remove the file or set the variable`]);
    }
    return existing;
  };
  const candidate = join(dataDir, `.${name}.${process.pid}.${randomBytes(6).toString('hex')}`);
  await writeFile(candidate, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  try {
    await link(candidate, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(candidate, { force: true });
  }
  return read();
}

/** The logo must be a PNG or JPEG that can be read now, not when the first PDF is made. */
async function readableLogo(path: string): Promise<string> {
  const file = resolve(path);
  const head = await readFile(file).catch(() => null);
  const png = head?.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const jpeg = head?.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));
  if (!png && !jpeg) {
    throw new ConfigError([`PRACTICE_LOGO: ${file} is not a readable PNG or JPEG file`]);
  }
  return file;
}

export interface S3Settings {
  /** Unset for AWS itself; the server's URL for MinIO, Ceph, Garage and the like. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path rather than the host name (most self-hosted servers need it). */
  forcePathStyle: boolean;
}

export async function loadConfig(source: NodeJS.ProcessEnv = process.env): Promise<Config> {
  const env = parseEnv(source);
  const dataDir = resolve(env.DATA_DIR);
  await mkdir(dataDir, { recursive: true });
  const useStripe = env.PAYMENTS !== 'demo' && Boolean(env.STRIPE_SECRET_KEY);
  const profile = practiceProfile(env);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    mediaDir: join(dataDir, 'media'),
    outboxDir: join(dataDir, 'outbox'),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    publicUrl: env.PUBLIC_URL.replace(/\/+$/, ''),
    jwtSecret: env.JWT_SECRET ?? (await loadOrCreateSecret(dataDir, 'jwt-secret')),
    jwtTtlSeconds: env.JWT_TTL_HOURS * 3600,
    payments: useStripe
      ? {
          provider: 'stripe',
          secretKey: env.STRIPE_SECRET_KEY ?? '',
          publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          apiUrl: env.STRIPE_API_URL,
        }
      : { provider: 'demo' },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    practiceEmail: profile.email,
    mediaMaxBytes: env.MEDIA_MAX_BYTES,
    // The default questionnaire asks for 8 photos and 2 videos. A retake is kept beside the
    // answer it replaces until the answer is saved, and an unsaved take for up to a day, so the
    // defaults leave room for every answer taken about four times: 40 files, and both videos
    // at the largest size plus a retake of each.
    mediaQuota: {
      files: env.MEDIA_QUOTA_FILES,
      bytes: env.MEDIA_QUOTA_BYTES ?? 4 * env.MEDIA_MAX_BYTES,
    },
    mediaKey: Buffer.from(
      env.MEDIA_ENCRYPTION_KEY ?? (await loadOrCreateSecret(dataDir, 'media-key')),
      'base64',
    ),
    mediaOldKeys: env.MEDIA_ENCRYPTION_OLD_KEYS.map((key) => Buffer.from(key, 'base64')),
    mediaStore:
      env.MEDIA_STORE === 's3'
        ? {
            kind: 's3',
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET ?? '',
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
            forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
          }
        : { kind: 'disk' },
    retentionMonths: env.RETENTION_MONTHS,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    metrics: { port: env.METRICS_PORT, host: env.METRICS_HOST, token: env.METRICS_TOKEN },
    timeouts: {
      headersSeconds: env.HEADERS_TIMEOUT_SECONDS,
      idleSeconds: env.IDLE_TIMEOUT_SECONDS,
      requestSeconds: env.REQUEST_TIMEOUT_SECONDS,
    },
    shutdown: {
      drainSeconds: env.SHUTDOWN_DRAIN_SECONDS,
      timeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS,
    },
    practice: { region: env.PRACTICE_REGION, timeZone: env.PRACTICE_TIMEZONE },
    profile,
    letterhead: {
      name: profile.name,
      addressLines: profile.addressLines,
      phone: profile.phone,
      email: profile.email,
      taxNumber: profile.taxNumber,
      vatId: profile.vatId,
      logoPath: env.PRACTICE_LOGO ? await readableLogo(env.PRACTICE_LOGO) : undefined,
      bookingUrl: profile.bookingUrl,
    },
    reminderAfterDays: env.REMINDER_AFTER_DAYS,
    invoicing: {
      seller: {
        name: profile.name,
        addressLines: profile.addressLines,
        taxNumber: profile.taxNumber,
        vatId: profile.vatId,
      },
      vat:
        env.PRACTICE_VAT === undefined
          ? { mode: 'unstated' }
          : env.PRACTICE_VAT === 'exempt'
            ? { mode: 'exempt' }
            : { mode: 'rate', percent: env.PRACTICE_VAT },
      numberPrefix: env.INVOICE_NUMBER_PREFIX,
    },
  };
}
