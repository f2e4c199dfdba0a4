import { Column, getTableName, is, sql, type SQLWrapper } from 'drizzle-orm';

/**
 * A value of the caller's row, for a subquery another module builds: a column always named with
 * its table. Drizzle leaves the table out of a column in the select list of a one-table query,
 * where the subquery would read it as a column of its own table when it has one of that name.
 */
export const outer = (value: SQLWrapper | number): SQLWrapper =>
  is(value, Column)
    ? sql.raw(`"${getTableName(value.table)}"."${value.name}"`)
    : typeof value === 'number'
      ? sql`${value}`
      : value;
