/**
 * How errors reach the log: their kind, codes and where they happened, never the values they
 * carry. A database error holds the statement's parameters (answers, names, dates of birth), its
 * detail repeats the failing row, and messages of PostgreSQL, Node and most libraries quote the
 * value they choked on; so only the fields below are kept, only the first line of a message, and
 * quoted text and e-mail addresses in it are masked.
 */

/** Codes and names of things (SQLSTATE, constraint, table, syscall); never a value. */
const KEPT_FIELDS = [
  'code',
  'errno',
  'syscall',
  'statusCode',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'constraint',
  'dataType',
] as const;

const MAX_CAUSES = 5;

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  /** The SQL text of a failed query: placeholders only, its values travel (and stay) apart. */
  query?: string;
  cause?: SerializedError;
  [field: string]: unknown;
}

export function maskMessage(message: string): string {
  return (message.split('\n')[0] ?? '')
    .replace(/"[^"]*"/g, '"…"')
    .replace(/'[^']*'/g, "'…'")
    .replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, '…@…');
}

export function serializeError(error: unknown, depth = 0, parentQuery?: string): SerializedError {
  if (typeof error !== 'object' || error === null) {
    const message = '(not an Error object)';
    return { type: typeof error, message, stack: message };
  }
  const source = error as Record<string, unknown>;
  const type = (error as { constructor?: { name?: string } }).constructor?.name || 'Error';
  const message = maskMessage(typeof source.message === 'string' ? source.message : '');
  const frames =
    typeof source.stack === 'string'
      ? source.stack.split('\n').filter((line) => /^\s+at /.test(line))
      : [];
  const out: SerializedError = {
    type,
    message,
    stack: [`${type}: ${message}`, ...frames].join('\n'),
  };
  for (const field of KEPT_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  const query = typeof source.query === 'string' ? source.query.trim() : undefined;
  if (query && query !== parentQuery) out.query = query;
  if (source.cause !== undefined && depth < MAX_CAUSES) {
    out.cause = serializeError(source.cause, depth + 1, query ?? parentQuery);
  }
  return out;
}
