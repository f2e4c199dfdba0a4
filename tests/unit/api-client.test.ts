import { describe, expect, it } from 'vitest';
import { failureMessage, isLastingRefusal } from '../../src/client/lib/api-client';

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

describe('an upload refused for good', () => {
  it('is what sending the same bytes again cannot change: its type, its size, its request', () => {
    for (const status of [400, 403, 413, 415, 422]) expect(isLastingRefusal(status)).toBe(true);
  });

  it('is not an ended session, an expired or moved upload, a busy server or the network', () => {
    // A recording refused for one of these stays on the device for the next attempt.
    for (const status of [0, 401, 404, 408, 409, 410, 423, 429, 500, 503]) {
      expect(isLastingRefusal(status)).toBe(false);
    }
  });
});
