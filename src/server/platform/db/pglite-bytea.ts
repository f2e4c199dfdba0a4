import { types, type PGliteOptions } from '@electric-sql/pglite';

/**
 * PGlite passes parameters and results as text, and its own bytea conversion goes byte by byte
 * in JavaScript (a hex string built with a map and a join, parsed back with one parseInt per
 * byte): about 300 ms per MiB written. Node's hex codec does the same natively; a resumable
 * upload's sealed tail is written with every PATCH.
 */
export const PGLITE_BYTEA: Pick<PGliteOptions, 'serializers' | 'parsers'> = {
  serializers: {
    [types.BYTEA]: (value: Uint8Array) =>
      `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`,
  },
  parsers: { [types.BYTEA]: (value: string) => Buffer.from(value.slice(2), 'hex') },
};
