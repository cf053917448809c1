import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyWorld, companyWorld } from './company-helpers.ts';
import { recordBankTransfer } from './factories/payments.ts';
import { errorOf } from './helpers.ts';

/**
 * A staff notice opens the very request or payment it is about (docs/product.md, "Notifications"): the lists
 * take an `id`, so the page can show it when it is beyond the first page or decided since.
 */
let w: CompanyWorld;
let sa: Awaited<ReturnType<CompanyWorld['asA']>>;
const requests: string[] = [];
const payments: string[] = [];
let otherSchoolsRequest: string;
const UNKNOWN = '01900000-0000-7000-8000-000000000000';

beforeAll(async () => {
  w = await companyWorld();
  sa = await w.asA('school_admin');
  const addons = (await w.companyAdmin({ method: 'GET', url: '/api/v1/company/addons' })).json().items as {
    id: string;
    isActive: boolean;
  }[];
  const offered = addons.filter((a) => a.isActive);
  for (const addon of offered.slice(0, 2)) {
    const res = await sa({ method: 'POST', url: '/api/v1/addon-requests', payload: { addonId: addon.id } });
    expect(res.statusCode, res.body).toBe(201);
    requests.push(res.json().id);
  }
  const other = await (await w.asB('school_admin'))({
    method: 'POST',
    url: '/api/v1/addon-requests',
    payload: { addonId: offered[0]?.id },
  });
  expect(other.statusCode, other.body).toBe(201);
  otherSchoolsRequest = other.json().id;
  // One pending payment per subscription at a time: the older one is confirmed already.
  for (const [key, confirmed] of [
    ['one-item-1', true],
    ['one-item-2', false],
  ] as const) {
    payments.push(await recordBankTransfer(w.t.app, sa, w.a.id, { reference: key, amountMinor: 1000, key, confirmed }));
  }
});
afterAll(() => w.t.close());

const idsOf = (res: { json: () => { items: { id: string }[] } }) => res.json().items.map((i) => i.id);

describe('the company lists take the id of one request or payment', () => {
  it('answer that one alone, even when it is not on the first page', async () => {
    const [older] = requests as [string];
    // Newest first: the older request is beyond a first page of one.
    const firstPage = await w.companyUser({ method: 'GET', url: '/api/v1/company/addon-requests?limit=1' });
    expect(idsOf(firstPage)).toHaveLength(1);
    expect(idsOf(firstPage)).not.toContain(older);
    const one = await w.companyUser({ method: 'GET', url: `/api/v1/company/addon-requests?id=${older}&limit=1` });
    expect(one.statusCode, one.body).toBe(200);
    expect(idsOf(one)).toEqual([older]);
    expect(one.json()).toMatchObject({ items: [{ status: 'pending', schoolName: 'Alpha School' }], nextCursor: null });

    const [olderPayment, newerPayment] = payments as [string, string];
    const firstPayments = await w.admin({ method: 'GET', url: '/api/v1/company/payments?limit=1' });
    expect(idsOf(firstPayments)).toEqual([newerPayment]);
    const payment = await w.admin({ method: 'GET', url: `/api/v1/company/payments?id=${olderPayment}&limit=1` });
    expect(payment.statusCode, payment.body).toBe(200);
    expect(idsOf(payment)).toEqual([olderPayment]);
  });

  it('with a status too, answer it only while it has that status (decided since: none)', async () => {
    const [id] = requests as [string];
    const pending = `/api/v1/company/addon-requests?status=pending&id=${id}`;
    expect(idsOf(await w.companyUser({ method: 'GET', url: pending }))).toEqual([id]);
    const rejected = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/addon-requests/${id}/reject`,
      payload: { reason: 'Not this term' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(idsOf(await w.companyUser({ method: 'GET', url: pending }))).toEqual([]);
    const all = await w.companyUser({ method: 'GET', url: `/api/v1/company/addon-requests?id=${id}` });
    expect(all.json().items).toMatchObject([{ id, status: 'rejected' }]);

    const payment = payments[1] as string;
    const pendingPayment = `/api/v1/company/payments?status=pending&id=${payment}`;
    expect(idsOf(await w.companyUser({ method: 'GET', url: pendingPayment }))).toEqual([payment]);
    const confirmed = await w.companyAdmin({ method: 'POST', url: `/api/v1/company/payments/${payment}/confirm` });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(idsOf(await w.companyUser({ method: 'GET', url: pendingPayment }))).toEqual([]);
    const confirmedOne = await w.companyUser({
      method: 'GET',
      url: `/api/v1/company/payments?status=confirmed&id=${payment}`,
    });
    expect(idsOf(confirmedOne)).toEqual([payment]);
  });

  it('answer an empty list for an id that is nobody’s', async () => {
    for (const list of ['addon-requests', 'payments']) {
      const res = await w.companyAdmin({ method: 'GET', url: `/api/v1/company/${list}?id=${UNKNOWN}` });
      expect({ list, status: res.statusCode, body: res.json() }).toEqual({
        list,
        status: 200,
        body: { items: [], nextCursor: null },
      });
    }
  });

  it('refuse an id that is not one with 400, for staff and schools alike', async () => {
    for (const url of [
      '/api/v1/company/addon-requests?id=not-a-uuid',
      '/api/v1/company/payments?id=1%20or%201%3D1',
      '/api/v1/company/addon-requests?id=',
    ]) {
      const res = await w.companyUser({ method: 'GET', url });
      expect({ url, status: res.statusCode, fields: errorOf(res).fields }).toEqual({
        url,
        status: 400,
        fields: { id: 'Invalid id' },
      });
    }
    for (const url of ['/api/v1/addon-requests?id=nope', '/api/v1/payments?id=nope']) {
      const res = await sa({ method: 'GET', url });
      expect({ url, status: res.statusCode, code: errorOf(res).code }).toEqual({
        url,
        status: 400,
        code: 'validation',
      });
    }
  });

  it('stay the company roles’: school users are refused, whatever the id', async () => {
    const [id] = requests as [string];
    const [payment] = payments as [string];
    for (const role of ['school_admin', 'teacher'] as const) {
      const caller = await w.asA(role);
      for (const url of [`/api/v1/company/addon-requests?id=${id}`, `/api/v1/company/payments?id=${payment}`]) {
        const res = await caller({ method: 'GET', url });
        expect({ role, url, status: res.statusCode }).toEqual({ role, url, status: 403 });
      }
    }
  });

  it('give a school its own only: another school’s id reads as an empty list', async () => {
    const [id] = requests as [string];
    const [payment] = payments as [string];
    const own = await sa({ method: 'GET', url: `/api/v1/addon-requests?id=${id}` });
    expect(idsOf(own)).toEqual([id]);
    expect(idsOf(await sa({ method: 'GET', url: `/api/v1/payments?id=${payment}` }))).toEqual([payment]);
    const beta = await w.asB('school_admin');
    const theirs = await beta({ method: 'GET', url: `/api/v1/addon-requests?id=${id}` });
    expect({ status: theirs.statusCode, items: theirs.json().items }).toEqual({ status: 200, items: [] });
    const theirPayment = await beta({ method: 'GET', url: `/api/v1/payments?id=${payment}` });
    expect({ status: theirPayment.statusCode, items: theirPayment.json().items }).toEqual({ status: 200, items: [] });
    expect(idsOf(await sa({ method: 'GET', url: `/api/v1/addon-requests?id=${otherSchoolsRequest}` }))).toEqual([]);
  });
});
