import { createThrowawayDatabase, postgresAnswers } from '../../tests/helpers/shared-postgres';

/** The PostgreSQL server the bench uses; each section works in a throw-away database on it. */
export const BENCH_POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const postgresReachable = () => postgresAnswers(BENCH_POSTGRES_URL);

/** Runs `fn` with the URL of a fresh database next to BENCH_DATABASE_URL's, dropped afterwards. */
export async function withBenchDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const throwaway = await createThrowawayDatabase('cmd_bench', BENCH_POSTGRES_URL);
  try {
    return await fn(throwaway.url);
  } finally {
    await throwaway.drop();
  }
}

/** What a section reports instead of its PostgreSQL figures when there is no server. */
export const noPostgresNote = `no PostgreSQL at ${new URL(BENCH_POSTGRES_URL).host} (set BENCH_DATABASE_URL): skipped`;
