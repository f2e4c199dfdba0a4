import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PromoCode } from '../../src/shared/contracts/promo-codes';
import { promoCodes } from '../../src/server/schema';
import { useAdmin, useTestApp } from '../helpers/test-app';

const t = useTestApp();
const admin = useAdmin(t);

let counter = 0;
const uniqueCode = () => `SPRING-${Date.now().toString(36).toUpperCase()}-${++counter}`;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  language = 'en',
) =>
  t.app.inject({
    method,
    url,
    headers: { ...admin.headers, 'accept-language': language },
    payload: payload as object,
  });

async function create(overrides: Record<string, unknown> = {}): Promise<PromoCode> {
  const reply = await call('POST', '/api/admin/coupons', {
    code: uniqueCode(),
    amountCents: 2500,
    status: 'active',
    expiresAt: null,
    ...overrides,
  });
  expect(reply.statusCode).toBe(201);
  return reply.json();
}

describe('promo codes', () => {
  it('creates a code upper-cased and lists it', async () => {
    const code = uniqueCode().toLowerCase();
    const created = await create({ code: `  ${code} `, expiresAt: '2030-01-31T23:59:00.000Z' });
    expect(created).toMatchObject({
      Code: code.toUpperCase(),
      AmountCents: 2500,
      Status: 'active',
      ExpiresAt: '2030-01-31T23:59:00.000Z',
      RedeemedByUserID: null,
    });
    const list: PromoCode[] = (await call('GET', '/api/admin/coupons')).json();
    expect(list.find((p) => p.ID === created.ID)).toMatchObject({ Code: code.toUpperCase() });
  });

  it('refuses a duplicate code with 409 and a clear message in the language asked for', async () => {
    const first = await create();
    const en = await call('POST', '/api/admin/coupons', {
      code: first.Code.toLowerCase(),
      amountCents: 100,
      status: 'active',
      expiresAt: null,
    });
    expect(en.statusCode).toBe(409);
    expect(en.json().message).toBe(
      `A promo code "${first.Code}" already exists. Please choose another code.`,
    );
    const second = await create();
    const de = await call(
      'PUT',
      `/api/admin/coupons/${second.ID}`,
      { code: first.Code, amountCents: 100, status: 'active', expiresAt: null },
      'de-DE',
    );
    expect(de.statusCode).toBe(409);
    expect(de.json().message).toContain('existiert bereits');
  });

  it('edits amount, status and expiry, and can clear the expiry', async () => {
    const created = await create({ expiresAt: '2031-05-01T00:00:00Z' });
    const reply = await call('PUT', `/api/admin/coupons/${created.ID}`, {
      code: created.Code,
      amountCents: 990,
      status: 'expired',
      expiresAt: null,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ AmountCents: 990, Status: 'expired', ExpiresAt: null });
  });

  it('deletes softly, then refuses to edit or delete the deleted code (409)', async () => {
    const created = await create();
    const deleted = await call('DELETE', `/api/admin/coupons/${created.ID}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().Status).toBe('deleted');
    const [row] = await t.database.db
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.id, created.ID));
    expect(row!.status).toBe('deleted');

    const again = await call('DELETE', `/api/admin/coupons/${created.ID}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/cannot be edited or deleted/);
    const edit = await call('PUT', `/api/admin/coupons/${created.ID}`, {
      code: created.Code,
      amountCents: 100,
      status: 'active',
      expiresAt: null,
    });
    expect(edit.statusCode).toBe(409);
  });

  it('refuses to delete a redeemed code, and keeps it redeemed when edited', async () => {
    const created = await create();
    const patient = await t.createPatient();
    await t.database.db
      .update(promoCodes)
      .set({ status: 'redeemed', redeemedByUserId: patient.id, redeemedAt: new Date() })
      .where(eq(promoCodes.id, created.ID));

    const listed: PromoCode[] = (await call('GET', '/api/admin/coupons')).json();
    expect(listed.find((p) => p.ID === created.ID)).toMatchObject({
      Status: 'redeemed',
      RedeemedByUserID: patient.id,
      RedeemedByEmail: patient.email,
    });

    const reply = await call('DELETE', `/api/admin/coupons/${created.ID}`);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe('Redeemed promo codes cannot be deleted.');
    const viaEdit = await call('PUT', `/api/admin/coupons/${created.ID}`, {
      code: created.Code,
      amountCents: 2500,
      status: 'deleted',
      expiresAt: null,
    });
    expect(viaEdit.statusCode).toBe(409);
    const reopen = await call('PUT', `/api/admin/coupons/${created.ID}`, {
      code: created.Code,
      amountCents: 3000,
      status: 'active',
      expiresAt: null,
    });
    expect(reopen.statusCode).toBe(200);
    expect(reopen.json()).toMatchObject({ Status: 'redeemed', AmountCents: 3000 });
  });

  it.each([
    ['a code with spaces inside', { code: 'TWO WORDS' }],
    ['a too short code', { code: 'AB' }],
    ['a fractional amount', { amountCents: 10.5 }],
    ['a zero amount', { amountCents: 0 }],
    ['an amount as text', { amountCents: '2500' }],
    ['the status redeemed', { status: 'redeemed' }],
    ['a date that is not ISO', { expiresAt: '31.12.2030' }],
    ['a missing status', { status: undefined }],
  ])('answers 400 with a message for %s', async (_, override) => {
    const body = { code: uniqueCode(), amountCents: 500, status: 'active', expiresAt: null };
    const reply = await call('POST', '/api/admin/coupons', { ...body, ...override });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toEqual(expect.any(String));
  });

  it('answers 404 for a code that does not exist', async () => {
    const body = { code: uniqueCode(), amountCents: 500, status: 'active', expiresAt: null };
    expect((await call('PUT', '/api/admin/coupons/987654', body)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/coupons/987654')).statusCode).toBe(404);
  });
});
