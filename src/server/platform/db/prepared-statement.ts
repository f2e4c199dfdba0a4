import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './client';
import type { PreparedStatement, PreparedValue, TextRow } from './statement';
import { runGroupedOnPglite } from './pglite-group-commit';

export type { PreparedStatement, PreparedValue, TextRow };

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
