import { IdParams } from '@lyceum/shared/api';
import { uuidSchema } from '@lyceum/shared/auth';
import {
  ChildrenResponse,
  CreateParentResponse,
  CreateStudentResponse,
  CreateTeacherResponse,
  CreateUserResponse,
  ParentListQuery,
  ParentListResponse,
  ParentResponse,
  ResetUserPasswordRequest,
  ResetUserPasswordResponse,
  StudentListQuery,
  StudentListResponse,
  StudentProfileResponse,
  StudentResponse,
  TeacherListQuery,
  TeacherListResponse,
  TeacherResponse,
  UpdateParentRequest,
  UpdateStudentRequest,
  UpdateTeacherRequest,
  UserAccountResponse,
  UserListQuery,
  UserListResponse,
} from '@lyceum/shared/people';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/request-actor.ts';
import { bulkRoutes } from './bulk-routes.ts';
import { createParent, getParent, listChildren, listParents, setParentActive, updateParent } from './parents.ts';
import {
  createStudent,
  getStudentProfile,
  linkParent,
  listStudents,
  moveStudent,
  setStudentActive,
  unlinkParent,
  updateStudent,
} from './students.ts';
import {
  createTeacher,
  getTeacher,
  listTeachers,
  promoteTeacher,
  setTeacherActive,
  updateTeacher,
} from './teachers.ts';
import { createUser, listUsers, resendInvitation, resetUserPassword, setAccountActive } from './users.ts';

/** `?schoolId=` on single-row reads: company staff name the school (see people.ts). */
const ReadQuery = z.object({ schoolId: uuidSchema.optional() });
const StudentParentParams = z.object({ id: uuidSchema, parentId: uuidSchema });
/** Create bodies are parsed by the service, which owns SPEC §8's missing-fields wording. */
const CreateBody = z.unknown();
/** MoveStudentRequest / LinkParentRequest: parsed once the row is found, so another school's id is a 404. */
const LaterBody = z.unknown();

export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { db } = deps;

  // ------------------------------------------------------------------ students
  {
    const tags = ['students'];
    app.get(
      '/students',
      { schema: { tags, querystring: StudentListQuery, response: { 200: StudentListResponse } } },
      (r) => listStudents(db, actorOf(r), r.query),
    );
    app.post(
      '/students',
      { schema: { tags, body: CreateBody, response: { 201: CreateStudentResponse } } },
      async (r, reply) => reply.status(201).send(await createStudent(deps, actorOf(r), r.body)),
    );
    app.get(
      '/students/:id',
      { schema: { tags, params: IdParams, querystring: ReadQuery, response: { 200: StudentProfileResponse } } },
      (r) => getStudentProfile(db, actorOf(r), r.params.id, r.query.schoolId),
    );
    app.patch(
      '/students/:id',
      { schema: { tags, params: IdParams, body: UpdateStudentRequest, response: { 200: StudentResponse } } },
      (r) => updateStudent(db, actorOf(r), r.params.id, r.body),
    );
    app.post(
      '/students/:id/deactivate',
      { schema: { tags, params: IdParams, response: { 200: StudentResponse } } },
      (r) => setStudentActive(db, actorOf(r), r.params.id, false),
    );
    app.post(
      '/students/:id/reactivate',
      { schema: { tags, params: IdParams, response: { 200: StudentResponse } } },
      (r) => setStudentActive(db, actorOf(r), r.params.id, true),
    );
    app.post(
      '/students/:id/move',
      { schema: { tags, params: IdParams, body: LaterBody, response: { 200: StudentResponse } } },
      (r) => moveStudent(db, actorOf(r), r.params.id, r.body),
    );
    app.put(
      '/students/:id/parents/:parentId',
      { schema: { tags, params: StudentParentParams, body: LaterBody, response: { 200: StudentResponse } } },
      (r) => linkParent(db, actorOf(r), r.params.id, r.params.parentId, r.body),
    );
    app.delete(
      '/students/:id/parents/:parentId',
      { schema: { tags, params: StudentParentParams, response: { 200: StudentResponse } } },
      (r) => unlinkParent(db, actorOf(r), r.params.id, r.params.parentId),
    );
  }

  // ------------------------------------------------------------------ teachers
  {
    const tags = ['teachers'];
    app.get(
      '/teachers',
      { schema: { tags, querystring: TeacherListQuery, response: { 200: TeacherListResponse } } },
      (r) => listTeachers(db, actorOf(r), r.query),
    );
    app.post(
      '/teachers',
      { schema: { tags, body: CreateBody, response: { 201: CreateTeacherResponse } } },
      async (r, reply) => reply.status(201).send(await createTeacher(deps, actorOf(r), r.body)),
    );
    app.get(
      '/teachers/:id',
      { schema: { tags, params: IdParams, querystring: ReadQuery, response: { 200: TeacherResponse } } },
      (r) => getTeacher(db, actorOf(r), r.params.id, r.query.schoolId),
    );
    app.patch(
      '/teachers/:id',
      { schema: { tags, params: IdParams, body: UpdateTeacherRequest, response: { 200: TeacherResponse } } },
      (r) => updateTeacher(db, actorOf(r), r.params.id, r.body),
    );
    app.post(
      '/teachers/:id/deactivate',
      { schema: { tags, params: IdParams, response: { 200: TeacherResponse } } },
      (r) => setTeacherActive(db, actorOf(r), r.params.id, false),
    );
    app.post(
      '/teachers/:id/reactivate',
      { schema: { tags, params: IdParams, response: { 200: TeacherResponse } } },
      (r) => setTeacherActive(db, actorOf(r), r.params.id, true),
    );
    app.post('/teachers/:id/promote', { schema: { tags, params: IdParams, response: { 200: TeacherResponse } } }, (r) =>
      promoteTeacher(db, actorOf(r), r.params.id),
    );
  }

  // ------------------------------------------------------------------ parents
  {
    const tags = ['parents'];
    app.get(
      '/parents',
      { schema: { tags, querystring: ParentListQuery, response: { 200: ParentListResponse } } },
      (r) => listParents(db, actorOf(r), r.query),
    );
    app.post(
      '/parents',
      { schema: { tags, body: CreateBody, response: { 201: CreateParentResponse } } },
      async (r, reply) => reply.status(201).send(await createParent(deps, actorOf(r), r.body)),
    );
    app.get(
      '/parents/:id',
      { schema: { tags, params: IdParams, querystring: ReadQuery, response: { 200: ParentResponse } } },
      (r) => getParent(db, actorOf(r), r.params.id, r.query.schoolId),
    );
    app.patch(
      '/parents/:id',
      { schema: { tags, params: IdParams, body: UpdateParentRequest, response: { 200: ParentResponse } } },
      (r) => updateParent(db, actorOf(r), r.params.id, r.body),
    );
    app.post(
      '/parents/:id/deactivate',
      { schema: { tags, params: IdParams, response: { 200: ParentResponse } } },
      (r) => setParentActive(db, actorOf(r), r.params.id, false),
    );
    app.post(
      '/parents/:id/reactivate',
      { schema: { tags, params: IdParams, response: { 200: ParentResponse } } },
      (r) => setParentActive(db, actorOf(r), r.params.id, true),
    );
    app.get('/children', { schema: { tags, response: { 200: ChildrenResponse } } }, (r) =>
      listChildren(db, actorOf(r)),
    );
  }

  // ------------------------------------------------------------------ users page
  {
    const tags = ['users'];
    app.get('/users', { schema: { tags, querystring: UserListQuery, response: { 200: UserListResponse } } }, (r) =>
      listUsers(db, actorOf(r), r.query),
    );
    app.post(
      '/users',
      { schema: { tags, body: CreateBody, response: { 201: CreateUserResponse } } },
      async (r, reply) => reply.status(201).send(await createUser(deps, actorOf(r), r.body)),
    );
    app.post(
      '/users/:id/deactivate',
      { schema: { tags, params: IdParams, response: { 200: UserAccountResponse } } },
      (r) => setAccountActive(db, actorOf(r), r.params.id, false),
    );
    app.post(
      '/users/:id/reactivate',
      { schema: { tags, params: IdParams, response: { 200: UserAccountResponse } } },
      (r) => setAccountActive(db, actorOf(r), r.params.id, true),
    );
    app.post('/users/:id/resend-invitation', { schema: { tags, params: IdParams } }, async (r, reply) => {
      await resendInvitation(deps, actorOf(r), r.params.id);
      return reply.status(204).send();
    });
    app.post(
      '/users/:id/reset-password',
      {
        schema: {
          tags,
          params: IdParams,
          body: ResetUserPasswordRequest,
          response: { 200: ResetUserPasswordResponse },
        },
      },
      (r) => resetUserPassword(deps, actorOf(r), r.params.id, r.body),
    );
  }

  await app.register(bulkRoutes);
};
