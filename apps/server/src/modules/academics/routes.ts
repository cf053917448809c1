import {
  AssignTeacherRequest,
  ClassDetailResponse,
  ClassListQuery,
  ClassListResponse,
  ClassOptionsQuery,
  ClassOptionsResponse,
  ClassReadQuery,
  ClassStudentParams,
  ClassTeacherParams,
  CreateClassRequest,
  CreateSubjectRequest,
  CsvFile,
  EnrolStudentRequest,
  MyClassesResponse,
  SubjectListQuery,
  SubjectListResponse,
  SubjectResponse,
  UpdateClassRequest,
  UpdateSubjectRequest,
} from '@lyceum/shared/academics';
import { IdParams } from '@lyceum/shared/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv.ts';
import { actorOf } from '../../lib/request-actor.ts';
import {
  assignTeacher,
  createClass,
  enrolStudent,
  exportClasses,
  findOpenClass,
  getClass,
  listClasses,
  listClassOptions,
  myClasses,
  setClassActive,
  unassignTeacher,
  updateClass,
  withdrawStudent,
} from './classes.ts';
import { createSubject, listSubjects, setSubjectActive, updateSubject } from './subjects.ts';

export const academicsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  {
    const tags = ['subjects'];
    app.get(
      '/subjects',
      { schema: { tags, querystring: SubjectListQuery, response: { 200: SubjectListResponse } } },
      (r) => listSubjects(deps, actorOf(r), r.query),
    );
    app.post(
      '/subjects',
      { schema: { tags, body: CreateSubjectRequest, response: { 201: SubjectResponse } } },
      async (r, reply) => reply.status(201).send(await createSubject(deps, actorOf(r), r.body)),
    );
    app.patch(
      '/subjects/:id',
      { schema: { tags, params: IdParams, body: UpdateSubjectRequest, response: { 200: SubjectResponse } } },
      (r) => updateSubject(deps, actorOf(r), { ...r.params, ...r.body }),
    );
    app.post(
      '/subjects/:id/deactivate',
      { schema: { tags, params: IdParams, response: { 200: SubjectResponse } } },
      (r) => setSubjectActive(deps, actorOf(r), { ...r.params, active: false }),
    );
    app.post(
      '/subjects/:id/reactivate',
      { schema: { tags, params: IdParams, response: { 200: SubjectResponse } } },
      (r) => setSubjectActive(deps, actorOf(r), { ...r.params, active: true }),
    );
  }
  {
    const tags = ['classes'];
    const Detail = { 200: ClassDetailResponse };
    // Enrol and assign answer 404 for a class the caller cannot use before they judge the body.
    const classFirst = {
      onInvalidBody: (r: FastifyRequest) => findOpenClass(deps, actorOf(r), r.params as { id: string }),
    };
    app.get('/classes', { schema: { tags, querystring: ClassListQuery, response: { 200: ClassListResponse } } }, (r) =>
      listClasses(deps, actorOf(r), r.query),
    );
    app.get(
      '/classes/options',
      { schema: { tags, querystring: ClassOptionsQuery, response: { 200: ClassOptionsResponse } } },
      (r) => listClassOptions(deps, actorOf(r), r.query),
    );
    app.post(
      '/classes',
      { schema: { tags, body: CreateClassRequest, response: { 201: ClassDetailResponse } } },
      async (r, reply) => reply.status(201).send(await createClass(deps, actorOf(r), r.body)),
    );
    app.get(
      '/classes/:id',
      { schema: { tags, params: IdParams, querystring: ClassReadQuery, response: Detail } },
      (r) => getClass(deps, actorOf(r), { ...r.params, ...r.query }),
    );
    app.patch('/classes/:id', { schema: { tags, params: IdParams, body: UpdateClassRequest, response: Detail } }, (r) =>
      updateClass(deps, actorOf(r), { ...r.params, ...r.body }),
    );
    app.post('/classes/:id/deactivate', { schema: { tags, params: IdParams, response: Detail } }, (r) =>
      setClassActive(deps, actorOf(r), { ...r.params, active: false }),
    );
    app.post('/classes/:id/reactivate', { schema: { tags, params: IdParams, response: Detail } }, (r) =>
      setClassActive(deps, actorOf(r), { ...r.params, active: true }),
    );
    app.post(
      '/classes/:id/students',
      { config: classFirst, schema: { tags, params: IdParams, body: EnrolStudentRequest, response: Detail } },
      (r) => enrolStudent(deps, actorOf(r), { ...r.params, ...r.body }),
    );
    app.delete(
      '/classes/:id/students/:studentId',
      { schema: { tags, params: ClassStudentParams, response: Detail } },
      (r) => withdrawStudent(deps, actorOf(r), r.params),
    );
    app.post(
      '/classes/:id/teachers',
      { config: classFirst, schema: { tags, params: IdParams, body: AssignTeacherRequest, response: Detail } },
      (r) => assignTeacher(deps, actorOf(r), { ...r.params, ...r.body }),
    );
    app.delete(
      '/classes/:id/teachers/:teacherId',
      { schema: { tags, params: ClassTeacherParams, response: Detail } },
      (r) => unassignTeacher(deps, actorOf(r), r.params),
    );
    app.get('/my-classes', { schema: { tags, response: { 200: MyClassesResponse } } }, (r) =>
      myClasses(deps, actorOf(r)),
    );
  }

  app.get(
    '/classes/export',
    {
      schema: {
        tags: ['import-export'],
        querystring: ClassListQuery,
        response: { 200: { content: { 'text/csv': { schema: CsvFile } } } },
      },
    },
    async (r, reply) => sendCsv(reply, 'classes.csv', await exportClasses(deps, actorOf(r), r.query)),
  );
};
