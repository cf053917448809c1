import type { ClassDetailResponse, CreateClassRequest, SubjectResponse } from '@lyceum/shared/academics';
import type {
  CreateParentRequest,
  CreateParentResponse,
  CreateStudentRequest,
  CreateStudentResponse,
  CreateTeacherRequest,
  CreateTeacherResponse,
} from '@lyceum/shared/people';
import type { FastifyInstance } from 'fastify';
import { as, type Session } from '../helpers.ts';

/**
 * Test factories: each builds one row through the real API as the given staff session (so every rule runs)
 * and returns the API's answer. Defaults are unique per call; pass overrides for what a test cares about.
 * Accounts are made with invitations (no temporary password to hash) unless the test asks otherwise.
 */
let n = 0;
const tag = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

async function post<T>(app: FastifyInstance, session: Session, url: string, payload: unknown): Promise<T> {
  const res = await as(app, session)({ method: 'POST', url, payload: payload as Record<string, unknown> });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`POST ${url} → ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

export function createSubject(
  app: FastifyInstance,
  admin: Session,
  name = `Subject ${tag()}`,
): Promise<SubjectResponse> {
  return post(app, admin, '/api/v1/subjects', { name });
}

export function createClass(
  app: FastifyInstance,
  admin: Session,
  overrides: Partial<CreateClassRequest> = {},
): Promise<ClassDetailResponse> {
  return post(app, admin, '/api/v1/classes', { name: `Grade ${tag()}`, section: 'A', ...overrides });
}

export function createStudent(
  app: FastifyInstance,
  admin: Session,
  overrides: Partial<CreateStudentRequest> & { classId: string },
): Promise<CreateStudentResponse> {
  const t = tag();
  return post(app, admin, '/api/v1/students', {
    name: `Student ${t}`,
    email: `student.${t}@people.test`,
    sendInvitation: true,
    ...overrides,
  });
}

export function createTeacher(
  app: FastifyInstance,
  admin: Session,
  overrides: Partial<CreateTeacherRequest> = {},
): Promise<CreateTeacherResponse> {
  const t = tag();
  return post(app, admin, '/api/v1/teachers', {
    name: `Teacher ${t}`,
    email: `teacher.${t}@people.test`,
    sendInvitation: true,
    ...overrides,
  });
}

export function createParent(
  app: FastifyInstance,
  admin: Session,
  overrides: Partial<CreateParentRequest> = {},
): Promise<CreateParentResponse> {
  const t = tag();
  return post(app, admin, '/api/v1/parents', {
    name: `Parent ${t}`,
    email: `parent.${t}@people.test`,
    sendInvitation: true,
    ...overrides,
  });
}

/** Assigns a teacher to a class (subjects must be the class's). */
export function assignTeacher(
  app: FastifyInstance,
  admin: Session,
  classId: string,
  body: { teacherId: string; subjectIds?: string[]; isClassTeacher?: boolean },
): Promise<ClassDetailResponse> {
  return post(app, admin, `/api/v1/classes/${classId}/teachers`, body);
}

export const uniqueEmail = (prefix = 'person') => `${prefix}.${tag()}@people.test`;
