import { IdParams } from '@lyceum/shared/api';
import {
  ChildrenResponse,
  CreateParentRequest,
  CreateParentResponse,
  CreateStudentRequest,
  CreateStudentResponse,
  CreateTeacherRequest,
  CreateTeacherResponse,
  CreateUserRequest,
  CreateUserResponse,
  LinkParentRequest,
  MoveStudentRequest,
  ParentListQuery,
  ParentListResponse,
  ParentResponse,
  PersonReadQuery,
  ResetUserPasswordRequest,
  ResetUserPasswordResponse,
  StudentListQuery,
  StudentListResponse,
  StudentParentParams,
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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/request-actor.ts';
import { sendJsonText } from '../../lib/response-check.ts';
import { bulkRoutes } from './bulk-routes.ts';
import { emergencyRoutes } from './emergency-routes.ts';
import { createParentConfig, createStudentConfig, createTeacherConfig, createUserConfig } from './create-body.ts';
import { createParent, getParent, listChildren, listParents, setParentActive, updateParent } from './parents.ts';
import {
  createStudent,
  findStudentAndParent,
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

export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  // ------------------------------------------------------------------ students
  {
    const tags = ['students'];
    // Move and link answer 404 for a student (or parent) the caller cannot see before they judge the body.
    const studentFirst = {
      onInvalidBody: (r: FastifyRequest) =>
        findStudentAndParent(deps, actorOf(r), r.params as { id: string; parentId?: string }),
    };
    app.get(
      '/students',
      { schema: { tags, querystring: StudentListQuery, response: { 200: StudentListResponse } } },
      (r) => listStudents(deps, actorOf(r), r.query),
    );
    app.post(
      '/students',
      {
        config: createStudentConfig,
        schema: { tags, body: CreateStudentRequest, response: { 201: CreateStudentResponse } },
      },
      async (r, reply) => reply.status(201).send(await createStudent(deps, actorOf(r), r.body)),
    );
    app.get(
      '/students/:id',
      { schema: { tags, params: IdParams, querystring: PersonReadQuery, response: { 200: StudentProfileResponse } } },
      async (r, reply) => sendJsonText(reply, await getStudentProfile(deps, actorOf(r), { ...r.params, ...r.query })),
    );
    app.patch(
      '/students/:id',
      { schema: { tags, params: IdParams, body: UpdateStudentRequest, response: { 200: StudentResponse } } },
      (r) => updateStudent(deps, actorOf(r), { ...r.params, ...r.body }),
    );
    app.post(
      '/students/:id/deactivate',
      { schema: { tags, params: IdParams, response: { 200: StudentResponse } } },
      (r) => setStudentActive(deps, actorOf(r), { ...r.params, active: false }),
    );
    app.post(
      '/students/:id/reactivate',
      { schema: { tags, params: IdParams, response: { 200: StudentResponse } } },
      (r) => setStudentActive(deps, actorOf(r), { ...r.params, active: true }),
    );
    app.post(
      '/students/:id/move',
      {
        config: studentFirst,
        schema: { tags, params: IdParams, body: MoveStudentRequest, response: { 200: StudentResponse } },
      },
      (r) => moveStudent(deps, actorOf(r), { ...r.params, ...r.body }),
    );
    app.put(
      '/students/:id/parents/:parentId',
      {
        config: studentFirst,
        schema: { tags, params: StudentParentParams, body: LinkParentRequest, response: { 200: StudentResponse } },
      },
      (r) => linkParent(deps, actorOf(r), { ...r.params, ...r.body }),
    );
    app.delete(
      '/students/:id/parents/:parentId',
      { schema: { tags, params: StudentParentParams, response: { 200: StudentResponse } } },
      (r) => unlinkParent(deps, actorOf(r), r.params),
    );
  }

  // ------------------------------------------------------------------ teachers
  {
    const tags = ['teachers'];
    app.get(
      '/teachers',
      { schema: { tags, querystring: TeacherListQuery, response: { 200: TeacherListResponse } } },
      (r) => listTeachers(deps, actorOf(r), r.query),
    );
    app.post(
      '/teachers',
      {
        config: createTeacherConfig,
        schema: { tags, body: CreateTeacherRequest, response: { 201: CreateTeacherResponse } },
      },
      async (r, reply) => reply.status(201).send(await createTeacher(deps, actorOf(r), r.body)),
    );
    app.get(
      '/teachers/:id',
      { schema: { tags, params: IdParams, querystring: PersonReadQuery, response: { 200: TeacherResponse } } },
      (r) => getTeacher(deps, actorOf(r), { ...r.params, ...r.query }),
    );
    app.patch(
      '/teachers/:id',
      { schema: { tags, params: IdParams, body: UpdateTeacherRequest, response: { 200: TeacherResponse } } },
      (r) => updateTeacher(deps, actorOf(r), { ...r.params, ...r.body }),
    );
    app.post(
      '/teachers/:id/deactivate',
      { schema: { tags, params: IdParams, response: { 200: TeacherResponse } } },
      (r) => setTeacherActive(deps, actorOf(r), { ...r.params, active: false }),
    );
    app.post(
      '/teachers/:id/reactivate',
      { schema: { tags, params: IdParams, response: { 200: TeacherResponse } } },
      (r) => setTeacherActive(deps, actorOf(r), { ...r.params, active: true }),
    );
    app.post('/teachers/:id/promote', { schema: { tags, params: IdParams, response: { 200: TeacherResponse } } }, (r) =>
      promoteTeacher(deps, actorOf(r), r.params),
    );
  }

  // ------------------------------------------------------------------ parents
  {
    const tags = ['parents'];
    app.get(
      '/parents',
      { schema: { tags, querystring: ParentListQuery, response: { 200: ParentListResponse } } },
      (r) => listParents(deps, actorOf(r), r.query),
    );
    app.post(
      '/parents',
      {
        config: createParentConfig,
        schema: { tags, body: CreateParentRequest, response: { 201: CreateParentResponse } },
      },
      async (r, reply) => reply.status(201).send(await createParent(deps, actorOf(r), r.body)),
    );
    app.get(
      '/parents/:id',
      { schema: { tags, params: IdParams, querystring: PersonReadQuery, response: { 200: ParentResponse } } },
      (r) => getParent(deps, actorOf(r), { ...r.params, ...r.query }),
    );
    app.patch(
      '/parents/:id',
      { schema: { tags, params: IdParams, body: UpdateParentRequest, response: { 200: ParentResponse } } },
      (r) => updateParent(deps, actorOf(r), { ...r.params, ...r.body }),
    );
    app.post(
      '/parents/:id/deactivate',
      { schema: { tags, params: IdParams, response: { 200: ParentResponse } } },
      (r) => setParentActive(deps, actorOf(r), { ...r.params, active: false }),
    );
    app.post(
      '/parents/:id/reactivate',
      { schema: { tags, params: IdParams, response: { 200: ParentResponse } } },
      (r) => setParentActive(deps, actorOf(r), { ...r.params, active: true }),
    );
    app.get('/children', { schema: { tags, response: { 200: ChildrenResponse } } }, (r) =>
      listChildren(deps, actorOf(r)),
    );
  }

  // ------------------------------------------------------------------ users page
  {
    const tags = ['users'];
    app.get('/users', { schema: { tags, querystring: UserListQuery, response: { 200: UserListResponse } } }, (r) =>
      listUsers(deps, actorOf(r), r.query),
    );
    app.post(
      '/users',
      { config: createUserConfig, schema: { tags, body: CreateUserRequest, response: { 201: CreateUserResponse } } },
      async (r, reply) => reply.status(201).send(await createUser(deps, actorOf(r), r.body)),
    );
    app.post(
      '/users/:id/deactivate',
      { schema: { tags, params: IdParams, response: { 200: UserAccountResponse } } },
      (r) => setAccountActive(deps, actorOf(r), { ...r.params, active: false }),
    );
    app.post(
      '/users/:id/reactivate',
      { schema: { tags, params: IdParams, response: { 200: UserAccountResponse } } },
      (r) => setAccountActive(deps, actorOf(r), { ...r.params, active: true }),
    );
    app.post(
      '/users/:id/resend-invitation',
      { schema: { tags, params: IdParams, response: { 204: z.null().describe('Invitation queued') } } },
      async (r, reply) => {
        await resendInvitation(deps, actorOf(r), r.params);
        return reply.status(204).send(null);
      },
    );
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
      (r) => resetUserPassword(deps, actorOf(r), { ...r.params, ...r.body }),
    );
  }

  await app.register(bulkRoutes);
  await app.register(emergencyRoutes);
};
