import { IdParams, NoContent } from '@lyceum/shared/api';
import {
  AssignTimetableTeacherRequest,
  AssignTimetableTeacherResponse,
  ChildrenTimetableResponse,
  ClearSlotsQuery,
  ClearSlotsResponse,
  CreatePeriodRequest,
  CreateSlotRequest,
  Period,
  PeriodListResponse,
  RoomQuery,
  TimetableOptionsResponse,
  TimetableSlot,
  TimetableWeek,
  UpdatePeriodRequest,
  UpdateSlotRequest,
} from '@lyceum/shared/timetable';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translateFor } from '../../lib/language.ts';
import { actorOf } from '../../lib/request-actor.ts';
import { timetableOptions } from './options.ts';
import { createPeriod, deletePeriod, listPeriods, updatePeriod } from './periods.ts';
import {
  assignTeacherToTimetable,
  clearSlots,
  createSlot,
  deleteSlot,
  findWritableClass,
  updateSlot,
} from './slots.ts';
import { childrenWeeks, classWeek, getSlot, roomWeek, studentWeek, teacherWeek } from './weeks.ts';

export const timetableRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  {
    const tags = ['timetable'];
    app.get('/timetable/periods', { schema: { tags, response: { 200: PeriodListResponse } } }, (r) =>
      listPeriods(deps, actorOf(r)),
    );
    app.post(
      '/timetable/periods',
      { schema: { tags, body: CreatePeriodRequest, response: { 201: Period } } },
      async (r, reply) => reply.status(201).send(await createPeriod(deps, actorOf(r), r.body)),
    );
    app.patch(
      '/timetable/periods/:id',
      { schema: { tags, params: IdParams, body: UpdatePeriodRequest, response: { 200: Period } } },
      (r) => updatePeriod(deps, actorOf(r), { ...r.params, ...r.body }),
    );
    app.delete(
      '/timetable/periods/:id',
      { schema: { tags, params: IdParams, response: { 204: NoContent } } },
      async (r, reply) => {
        await deletePeriod(deps, actorOf(r), r.params);
        return reply.status(204).send();
      },
    );
  }
  {
    const tags = ['timetable'];
    const Slot = { 200: TimetableSlot };
    const Week = { 200: TimetableWeek };
    app.post(
      '/timetable/slots',
      { schema: { tags, body: CreateSlotRequest, response: { 201: TimetableSlot } } },
      async (r, reply) => reply.status(201).send(await createSlot(deps, actorOf(r), r.body)),
    );
    app.get('/timetable/slots/:id', { schema: { tags, params: IdParams, response: Slot } }, (r) =>
      getSlot(deps, actorOf(r), r.params),
    );
    app.patch(
      '/timetable/slots/:id',
      { schema: { tags, params: IdParams, body: UpdateSlotRequest, response: Slot } },
      (r) => updateSlot(deps, actorOf(r), { ...r.params, ...r.body }),
    );
    app.delete(
      '/timetable/slots/:id',
      { schema: { tags, params: IdParams, response: { 204: NoContent } } },
      async (r, reply) => {
        await deleteSlot(deps, actorOf(r), r.params);
        return reply.status(204).send();
      },
    );
    app.delete(
      '/timetable/slots',
      { schema: { tags, querystring: ClearSlotsQuery, response: { 200: ClearSlotsResponse } } },
      (r) => clearSlots(deps, actorOf(r), r.query),
    );
    app.post(
      '/timetable/classes/:id/assign-teacher',
      {
        config: { onInvalidBody: (r) => findWritableClass(deps, actorOf(r), r.params as { id: string }) },
        schema: {
          tags,
          params: IdParams,
          body: AssignTimetableTeacherRequest,
          response: { 200: AssignTimetableTeacherResponse },
        },
      },
      async (r, reply) => {
        const result = await assignTeacherToTimetable(deps, actorOf(r), { ...r.params, ...r.body });
        // Each skipped lesson's reason is shown as it is, so it is said in the reader's language
        // (docs/product.md, "Messages in the user's language"), as an import preview's problems are.
        const skipped = result.skipped.map((s) => ({ ...s, message: translateFor(r, reply, s.message) }));
        return { ...result, skipped };
      },
    );
    app.get('/timetable/classes/:id', { schema: { tags, params: IdParams, response: Week } }, (r) =>
      classWeek(deps, actorOf(r), r.params),
    );
    app.get('/timetable/teachers/:id', { schema: { tags, params: IdParams, response: Week } }, (r) =>
      teacherWeek(deps, actorOf(r), r.params),
    );
    app.get('/timetable/students/:id', { schema: { tags, params: IdParams, response: Week } }, (r) =>
      studentWeek(deps, actorOf(r), r.params),
    );
    app.get('/timetable/rooms', { schema: { tags, querystring: RoomQuery, response: Week } }, (r) =>
      roomWeek(deps, actorOf(r), r.query),
    );
    app.get('/timetable/children', { schema: { tags, response: { 200: ChildrenTimetableResponse } } }, (r) =>
      childrenWeeks(deps, actorOf(r)),
    );
    app.get('/timetable/options', { schema: { tags, response: { 200: TimetableOptionsResponse } } }, (r) =>
      timetableOptions(deps, actorOf(r)),
    );
  }
};
