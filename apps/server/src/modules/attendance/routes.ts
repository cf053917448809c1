import {
  ATTENDANCE_MESSAGES,
  AttendanceList,
  AttendanceOptions,
  AttendanceSettings,
  AttendanceTrend,
  BelowThreshold,
  BelowThresholdQuery,
  TrendQuery,
  AttendanceRates,
  ClassRegister,
  ClassSheet,
  ClassSheetQuery,
  RatesQuery,
  RegisterQuery,
  StudentAttendance,
  StudentHistoryQuery,
  SubmitAttendanceRequest,
  SubmitAttendanceResponse,
} from '@lyceum/shared/attendance';
import { IdempotencyHeaders, IdParams } from '@lyceum/shared/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../lib/csv.ts';
import { invalid } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/language.ts';
import { actorOf } from '../../lib/request-actor.ts';
import { sendJsonText } from '../../lib/response-check.ts';
import { attendanceRates, classRegisterJson, classSheet, recentAttendance, studentAttendanceJson } from './reads.ts';
import { exportBelowThreshold, exportRates, exportRecent, exportRegister, exportStudentHistory } from './export.ts';
import { attendanceOptions, getAttendanceSettings, updateAttendanceSettings } from './settings.ts';
import { submitAttendance } from './submit.ts';
import { attendanceTrend, belowThreshold } from './trend.ts';

const csv = { 200: { content: { 'text/csv': { schema: z.string().describe('text/csv') } } } };

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
        headers: IdempotencyHeaders,
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
    async (r, reply) => sendJsonText(reply, await classRegisterJson(deps, actorOf(r), { ...r.params, ...r.query })),
  );
  app.get(
    '/attendance/students/:id',
    { schema: { tags, params: IdParams, querystring: StudentHistoryQuery, response: { 200: StudentAttendance } } },
    async (r, reply) => sendJsonText(reply, await studentAttendanceJson(deps, actorOf(r), { ...r.params, ...r.query })),
  );
  app.get('/attendance/rates', { schema: { tags, querystring: RatesQuery, response: { 200: AttendanceRates } } }, (r) =>
    attendanceRates(deps, actorOf(r), r.query),
  );
  app.get('/attendance/settings', { schema: { tags, response: { 200: AttendanceSettings } } }, (r) =>
    getAttendanceSettings(deps, actorOf(r)),
  );
  app.put(
    '/attendance/settings',
    { schema: { tags, body: AttendanceSettings, response: { 200: AttendanceSettings } } },
    (r) => updateAttendanceSettings(deps, actorOf(r), r.body),
  );
  app.get('/attendance/options', { schema: { tags, response: { 200: AttendanceOptions } } }, (r) =>
    attendanceOptions(deps, actorOf(r)),
  );
  app.get('/attendance/trend', { schema: { tags, querystring: TrendQuery, response: { 200: AttendanceTrend } } }, (r) =>
    attendanceTrend(deps, actorOf(r), r.query),
  );
  app.get(
    '/attendance/below-threshold',
    { schema: { tags, querystring: BelowThresholdQuery, response: { 200: BelowThreshold } } },
    (r) => belowThreshold(deps, actorOf(r), r.query),
  );

  // Each table as CSV, its header row and its marks in the caller's language.
  app.get('/attendance/recent/export', { schema: { tags, response: csv } }, async (r, reply) =>
    sendCsv(reply, 'attendance.csv', await exportRecent(deps, actorOf(r), { language: requestLanguage(r) })),
  );
  app.get(
    '/attendance/classes/:id/register/export',
    { schema: { tags, params: IdParams, querystring: RegisterQuery, response: csv } },
    async (r, reply) =>
      sendCsv(
        reply,
        'attendance-register.csv',
        await exportRegister(deps, actorOf(r), { ...r.params, ...r.query, language: requestLanguage(r) }),
      ),
  );
  app.get('/attendance/students/:id/export', { schema: { tags, params: IdParams, response: csv } }, async (r, reply) =>
    sendCsv(
      reply,
      'attendance-history.csv',
      await exportStudentHistory(deps, actorOf(r), { ...r.params, language: requestLanguage(r) }),
    ),
  );
  app.get('/attendance/rates/export', { schema: { tags, querystring: RatesQuery, response: csv } }, async (r, reply) =>
    sendCsv(
      reply,
      'attendance-rates.csv',
      await exportRates(deps, actorOf(r), { ...r.query, language: requestLanguage(r) }),
    ),
  );
  app.get(
    '/attendance/below-threshold/export',
    { schema: { tags, querystring: BelowThresholdQuery, response: csv } },
    async (r, reply) =>
      sendCsv(reply, 'attendance-below-threshold.csv', await exportBelowThreshold(deps, actorOf(r), r.query)),
  );
};
