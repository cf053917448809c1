import {
  ClassDetailResponse,
  ClassListQuery,
  ClassListResponse,
  CreateClassRequest,
  CreateSubjectRequest,
  MyClassesResponse,
  SubjectListResponse,
  SubjectResponse,
  UpdateClassRequest,
  UpdateSubjectRequest,
} from '@lyceum/shared/academics';
import { IdParams } from '@lyceum/shared/api';
import { uuidSchema } from '@lyceum/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inScope, readScope } from '../../db/school-scope.ts';
import { sendCsv, toCsv } from '../../lib/csv.ts';
import { actorOf } from '../../lib/request-actor.ts';
import {
  assignTeacher,
  classListFilter,
  createClass,
  enrolStudent,
  getClass,
  listClasses,
  loadClasses,
  myClasses,
  setClassActive,
  unassignTeacher,
  updateClass,
  withdrawStudent,
} from './classes.ts';
import { createSubject, listSubjects, setSubjectActive, updateSubject } from './subjects.ts';

/** EnrolStudentRequest / AssignTeacherRequest: parsed once the class is found (another school's id is a 404). */
const LaterBody = z.unknown();
const ReadQuery = z.object({ schoolId: uuidSchema.optional() });
const SubjectListQuery = z.object({
  status: z.enum(['active', 'inactive', 'all']).default('active'),
  schoolId: uuidSchema.optional(),
});

export const academicsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  {
    const tags = ['subjects'];
    app.get(
      '/subjects',
      { schema: { tags, querystring: SubjectListQuery, response: { 200: SubjectListResponse } } },
      (r) => listSubjects(db, actorOf(r), r.query),
    );
    app.post(
      '/subjects',
      { schema: { tags, body: CreateSubjectRequest, response: { 201: SubjectResponse } } },
      async (r, reply) => reply.status(201).send(await createSubject(db, actorOf(r), r.body)),
    );
    app.patch(
      '/subjects/:id',
      { schema: { tags, params: IdParams, body: UpdateSubjectRequest, response: { 200: SubjectResponse } } },
      (r) => updateSubject(db, actorOf(r), r.params.id, r.body),
    );
    app.post(
      '/subjects/:id/deactivate',
      { schema: { tags, params: IdParams, response: { 200: SubjectResponse } } },
      (r) => setSubjectActive(db, actorOf(r), r.params.id, false),
    );
    app.post(
      '/subjects/:id/reactivate',
      { schema: { tags, params: IdParams, response: { 200: SubjectResponse } } },
      (r) => setSubjectActive(db, actorOf(r), r.params.id, true),
    );
  }
  {
    const tags = ['classes'];
    const Detail = { 200: ClassDetailResponse };
    app.get('/classes', { schema: { tags, querystring: ClassListQuery, response: { 200: ClassListResponse } } }, (r) =>
      listClasses(db, actorOf(r), r.query),
    );
    app.post(
      '/classes',
      { schema: { tags, body: CreateClassRequest, response: { 201: ClassDetailResponse } } },
      async (r, reply) => reply.status(201).send(await createClass(db, actorOf(r), r.body)),
    );
    app.get('/classes/:id', { schema: { tags, params: IdParams, querystring: ReadQuery, response: Detail } }, (r) =>
      getClass(db, actorOf(r), r.params.id, r.query.schoolId),
    );
    app.patch('/classes/:id', { schema: { tags, params: IdParams, body: UpdateClassRequest, response: Detail } }, (r) =>
      updateClass(db, actorOf(r), r.params.id, r.body),
    );
    app.post('/classes/:id/deactivate', { schema: { tags, params: IdParams, response: Detail } }, (r) =>
      setClassActive(db, actorOf(r), r.params.id, false),
    );
    app.post('/classes/:id/reactivate', { schema: { tags, params: IdParams, response: Detail } }, (r) =>
      setClassActive(db, actorOf(r), r.params.id, true),
    );
    app.post('/classes/:id/students', { schema: { tags, params: IdParams, body: LaterBody, response: Detail } }, (r) =>
      enrolStudent(db, actorOf(r), r.params.id, r.body),
    );
    app.delete(
      '/classes/:id/students/:studentId',
      { schema: { tags, params: z.object({ id: uuidSchema, studentId: uuidSchema }), response: Detail } },
      (r) => withdrawStudent(db, actorOf(r), r.params.id, r.params.studentId),
    );
    app.post('/classes/:id/teachers', { schema: { tags, params: IdParams, body: LaterBody, response: Detail } }, (r) =>
      assignTeacher(db, actorOf(r), r.params.id, r.body),
    );
    app.delete(
      '/classes/:id/teachers/:teacherId',
      { schema: { tags, params: z.object({ id: uuidSchema, teacherId: uuidSchema }), response: Detail } },
      (r) => unassignTeacher(db, actorOf(r), r.params.id, r.params.teacherId),
    );
    app.get('/my-classes', { schema: { tags, response: { 200: MyClassesResponse } } }, (r) =>
      myClasses(db, actorOf(r)),
    );
  }

  // The classes CSV: the list's filters and visibility, every row.
  app.get('/classes/export', { schema: { tags: ['import-export'], querystring: ClassListQuery } }, async (r, reply) => {
    const scope = readScope(actorOf(r), r.query.schoolId, 'classes');
    const items = await inScope(db, scope, (tx) => loadClasses(tx, scope.schoolId, classListFilter(scope, r.query)));
    const rows = items.map((c) => [
      c.name,
      c.section,
      c.academicYear,
      c.classTeacherName,
      c.subjects.map((s) => s.name).join(';'),
      c.assignedTeachers.map((t) => t.teacherName).join('; '),
      c.studentCount,
      c.isActive ? 'active' : 'inactive',
    ]);
    const columns = ['name', 'section', 'academicYear', 'classTeacher', 'subjects', 'teachers', 'students', 'status'];
    return sendCsv(reply, 'classes.csv', toCsv(columns, rows));
  });
};
