import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyWorld, companyWorld } from './company-helpers.ts';
import { recordBankTransfer } from './factories/payments.ts';

/**
 * Every download of a school's or the platform's data tells caches, shared and proxy ones included, not to keep
 * it (docs/product.md, "API conventions"): one check per family of download routes.
 */
let w: CompanyWorld;
beforeAll(async () => {
  w = await companyWorld();
});
afterAll(() => w.t.close());

type Caller = CompanyWorld['companyAdmin'];

async function expectDownloadNotKept(caller: Caller, url: string, type: string): Promise<LightMyRequestResponse> {
  const res = await caller({ method: 'GET', url });
  expect([url, res.statusCode]).toEqual([url, 200]);
  expect(res.headers['content-type']).toContain(type);
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="/);
  expect([url, res.headers['cache-control']]).toEqual([url, expect.stringMatching(/\bno-store\b/)]);
  return res;
}

describe('downloads are never kept by a cache', () => {
  it('the company revenue and usage CSVs', async () => {
    for (const url of ['/api/v1/company/revenue/export', '/api/v1/company/usage/export']) {
      await expectDownloadNotKept(w.companyAdmin, url, 'text/csv');
      await expectDownloadNotKept(w.admin, url, 'text/csv');
    }
  });

  it('the PDF receipt of a payment, for the school and for company staff', async () => {
    const admin = await w.asA('school_admin');
    const paid = await recordBankTransfer(w.t.app, admin, w.a.id, {
      reference: 'TRX-CACHE',
      amountMinor: 10_000,
      key: 'pay-cache-0001',
      confirmed: true,
    });
    const url = `/api/v1/payments/${paid}/receipt.pdf`;
    await expectDownloadNotKept(admin, url, 'application/pdf');
    await expectDownloadNotKept(w.companyUser, url, 'application/pdf');
  });

  it('the people exports and import templates', async () => {
    const admin = await w.asA('school_admin');
    for (const kind of ['students', 'teachers', 'parents']) {
      await expectDownloadNotKept(admin, `/api/v1/${kind}/export`, 'text/csv');
      await expectDownloadNotKept(admin, `/api/v1/${kind}/import/template`, 'text/csv');
    }
    await expectDownloadNotKept(admin, '/api/v1/users/export', 'text/csv');
  });

  it('the class list export', async () => {
    await expectDownloadNotKept(await w.asA('principal'), '/api/v1/classes/export', 'text/csv');
  });

  it('the attendance exports', async () => {
    const admin = await w.asA('school_admin');
    const students = await admin({ method: 'GET', url: '/api/v1/students' });
    const studentId = students.json().items[0]?.id;
    for (const url of [
      '/api/v1/attendance/recent/export',
      `/api/v1/attendance/classes/${w.a.classId}/register/export`,
      `/api/v1/attendance/students/${studentId}/export`,
      '/api/v1/attendance/rates/export',
      '/api/v1/attendance/below-threshold/export',
    ]) {
      await expectDownloadNotKept(admin, url, 'text/csv');
    }
  });
});
