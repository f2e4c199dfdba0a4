import { describe, expect, it } from 'vitest';
import { serializeError } from '../../src/server/platform/http/error-serializer';

describe('errors as the log sees them', () => {
  it('keep codes and names but drop parameters, details and the rows they repeat', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: '23505',
      constraint: 'users_email_unique',
      table: 'users',
      detail: 'Key (email)=(gertrud@example.org) already exists.',
      where: 'SQL statement "INSERT ..."',
    });
    const error = Object.assign(
      new Error(
        'Failed query: insert into users (email) values ($1)\nparams: gertrud@example.org',
        {
          cause,
        },
      ),
      { query: 'insert into users (email) values ($1)', params: ['gertrud@example.org'] },
    );
    const serialized = serializeError(error);
    expect(JSON.stringify(serialized)).not.toContain('gertrud');
    expect(serialized).toMatchObject({
      type: 'Error',
      message: 'Failed query: insert into users (email) values ($1)',
      query: 'insert into users (email) values ($1)',
      cause: { code: '23505', constraint: 'users_email_unique', table: 'users' },
    });
    expect(serialized.stack).toMatch(/^Error: Failed query: .*\n\s+at /);
  });

  it('mask what messages quote, and e-mail addresses', () => {
    let parseError: unknown;
    try {
      JSON.parse('{"diagnosis": "bruxism", oops');
    } catch (error) {
      parseError = error;
    }
    expect(JSON.stringify(serializeError(parseError))).not.toContain('bruxism');
    const smtp = new Error(
      "Can't send mail - all recipients were rejected: 550 5.1.1 <gertrud@example.org>: unknown",
    );
    expect(serializeError(smtp).message).not.toContain('gertrud');
    expect(serializeError('a string thrown')).toMatchObject({ type: 'string' });
  });
});
