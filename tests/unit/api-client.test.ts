import { describe, expect, it } from 'vitest';
import { failureMessage } from '../../src/client/lib/api-client';

describe('generic request failure message (SPEC section 8)', () => {
  it('takes the message of the response body', () => {
    const response = new Response(null, { status: 400, statusText: 'Bad Request' });
    expect(failureMessage(response, { message: 'Invalid coupon code' })).toBe(
      'Invalid coupon code',
    );
  });

  it('falls back to the HTTP status and status text', () => {
    const response = new Response(null, { status: 502, statusText: 'Bad Gateway' });
    expect(failureMessage(response, '<html>proxy error</html>')).toBe('502 Bad Gateway');
    expect(failureMessage(response, { message: '' })).toBe('502 Bad Gateway');
  });

  it('says "Request failed" when there is nothing else', () => {
    const response = { status: 0, statusText: '' } as Response;
    expect(failureMessage(response, null)).toBe('Request failed');
  });
});
