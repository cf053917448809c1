import {
  ATTENDANCE_MESSAGES,
  AttendanceList,
  AttendanceRates,
  ClassRegister,
  ClassSheet,
  ClassSheetQuery,
  RatesQuery,
  RegisterQuery,
  StudentAttendance,
  SubmitAttendanceRequest,
  SubmitAttendanceResponse,
} from '@lyceum/shared/attendance';
import { IdParams } from '@lyceum/shared/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid } from '../../lib/errors.ts';
import { actorOf } from '../../lib/request-actor.ts';
import { attendanceRates, classRegister, classSheet, recentAttendance, studentAttendance } from './reads.ts';
import { submitAttendance } from './submit.ts';

/** A retried submission sends the same key and gets the first answer back (docs/product.md, School day). */
const SubmitHeaders = z.object({
  'idempotency-key': z.string().trim().min(1).max(200, 'Idempotency-Key is too long').optional(),
});

/** A bad submission is worded as the product words every failed submission, each field still named. */
function failedSubmission(request: FastifyRequest) {
  const parsed = SubmitAttendanceRequest.safeParse(request.body);
  const fields: Record<string, string> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    fields[issue.path.join('.') || 'body'] ??= issue.message;
  }
  return invalid(ATTENDANCE_MESSAGES.failed, fields);
}

export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['attendance'];
  app.post(
    '/attendance',
    {
      config: { onInvalidBody: failedSubmission },
      schema: {
        tags,
        headers: SubmitHeaders,
        body: SubmitAttendanceRequest,
        response: { 200: SubmitAttendanceResponse },
      },
    },
    (r) => submitAttendance(deps, actorOf(r), { ...r.body, idempotencyKey: r.headers['idempotency-key'] }),
  );
  app.get('/attendance/recent', { schema: { tags, response: { 200: AttendanceList } } }, (r) =>
    recentAttendance(deps, actorOf(r)),
  );
  app.get(
    '/attendance/classes/:id',
    { schema: { tags, params: IdParams, querystring: ClassSheetQuery, response: { 200: ClassSheet } } },
    (r) => classSheet(deps, actorOf(r), { ...r.params, ...r.query }),
  );
  app.get(
    '/attendance/classes/:id/register',
    { schema: { tags, params: IdParams, querystring: RegisterQuery, response: { 200: ClassRegister } } },
    (r) => classRegister(deps, actorOf(r), { ...r.params, ...r.query }),
  );
  app.get(
    '/attendance/students/:id',
    { schema: { tags, params: IdParams, response: { 200: StudentAttendance } } },
    (r) => studentAttendance(deps, actorOf(r), r.params),
  );
  app.get('/attendance/rates', { schema: { tags, querystring: RatesQuery, response: { 200: AttendanceRates } } }, (r) =>
    attendanceRates(deps, actorOf(r), r.query),
  );
};
