import type { AcademicYear } from '@lyceum/shared/years';
import type { FastifyInstance } from 'fastify';
import { as, type Session } from '../helpers.ts';

/**
 * An academic year from 1 September of `first` to 31 August of the next, made through the API. Attendance is not
 * taken before a school's first year (docs/product.md, "Attendance"), and a school's first year is the one of
 * the day it was made: a test that marks fixed past dates makes an early year first.
 */
export async function createAcademicYear(app: FastifyInstance, admin: Session, first: number): Promise<AcademicYear> {
  const res = await as(
    app,
    admin,
  )({
    method: 'POST',
    url: '/api/v1/academic-years',
    payload: { name: `${first}-${first + 1}`, startDate: `${first}-09-01`, endDate: `${first + 1}-08-31` },
  });
  if (res.statusCode !== 201) throw new Error(`POST /api/v1/academic-years → ${res.statusCode} ${res.body}`);
  return res.json() as AcademicYear;
}
