import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the bench uses; each section works in a throw-away database on it. */
export const BENCH_POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function query(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function postgresReachable(): Promise<boolean> {
  return query(BENCH_POSTGRES_URL, 'SELECT 1').then(
    () => true,
    () => false,
  );
}

/** Runs `fn` with the URL of a fresh database next to BENCH_DATABASE_URL's, dropped afterwards. */
export async function withBenchDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const name = `cmd_bench_${randomBytes(4).toString('hex')}`;
  await query(BENCH_POSTGRES_URL, `CREATE DATABASE ${name}`);
  const url = new URL(BENCH_POSTGRES_URL);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await query(BENCH_POSTGRES_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

/** What a section reports instead of its PostgreSQL figures when there is no server. */
export const noPostgresNote = `no PostgreSQL at ${new URL(BENCH_POSTGRES_URL).host} (set BENCH_DATABASE_URL): skipped`;
