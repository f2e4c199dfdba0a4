import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './client';
import { runGroupedOnPglite } from './pglite-group-commit';

/**
 * A statement the database parses and plans once per connection, then only binds and runs.
 * For the hot path (the answer save): parsing and planning a statement of several look-ups costs
 * more than running it, on PostgreSQL and far more on PGlite, and Drizzle prepares only the
 * statements of its query builder, not raw SQL.
 */
export interface PreparedStatement {
  /** Unique per statement text: the database keeps the statement under this name. */
  name: string;
  /** SQL with $1..$n placeholders. */
  text: string;
}

/** A parameter as PostgreSQL's text format has it; the statement casts it. */
export type PreparedValue = string | null;

/** Each row's columns in the statement's order, as PostgreSQL's text format has them. */
export type TextRow = (string | null)[];

/** Every column left as text, so both drivers return the same thing. */
const textTypes = { getTypeParser: () => (value: string) => value };

export async function runPrepared(
  db: Db,
  statement: PreparedStatement,
  values: PreparedValue[],
): Promise<TextRow[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  // PGlite's `query` parses every statement anew (unnamed, in five calls into its WebAssembly):
  // the named statement goes through its protocol entry point, grouped with those waiting.
  if (client instanceof PGlite) return runGroupedOnPglite(client, statement, values);
  if (client instanceof pg.Pool) {
    // pg prepares a named statement on each pooled connection the first time it runs there.
    const result = await client.query<TextRow>({
      name: statement.name,
      text: statement.text,
      values,
      rowMode: 'array',
      types: textTypes,
    });
    return result.rows;
  }
  throw new Error('runPrepared: the database handle is neither a pg pool nor PGlite');
}
