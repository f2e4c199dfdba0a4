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
