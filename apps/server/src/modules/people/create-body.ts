import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import type { FastifyContextConfig } from 'fastify';
import { invalid } from '../../lib/errors.ts';
import { missingFields } from '../../lib/invalid-body.ts';

/**
 * How the create routes word an invalid body (see docs/product.md, Creating people): missing or blank
 * required fields get the create's own message; anything else the generic `Invalid data: …`.
 */
export const createStudentConfig: FastifyContextConfig = {
  onInvalidBody: missingFields(['email', 'name', 'schoolId?', 'classId'], PEOPLE_MESSAGES.missingStudentFields),
};

const teacherMissing = missingFields(['email', 'name'], PEOPLE_MESSAGES.missingTeacherFields);
/** A teacher's body naming a blank or non-text `schoolId` says so before anything else. */
export const createTeacherConfig: FastifyContextConfig = {
  onInvalidBody: (request) => {
    const body = request.body;
    if (body && typeof body === 'object' && 'schoolId' in body) {
      const sid = (body as { schoolId: unknown }).schoolId;
      if (typeof sid !== 'string' || sid.trim() === '') return blankSchoolId();
    }
    return teacherMissing(request);
  },
};

export const createParentConfig: FastifyContextConfig = {
  onInvalidBody: missingFields(['email', 'name'], PEOPLE_MESSAGES.missingParentFields),
};

export const createUserConfig: FastifyContextConfig = {
  onInvalidBody: missingFields(
    ['email', 'name', 'role'],
    'Missing required fields: email, name, and role are required',
  ),
};

export const blankSchoolId = () =>
  invalid(PEOPLE_MESSAGES.schoolIdNonEmpty, { schoolId: PEOPLE_MESSAGES.schoolIdNonEmpty });

/** A `schoolId` of spaces passes the body schema (not empty) but counts as missing, as an empty one does. */
export const missingSchoolId = (message: string) => invalid(message, { schoolId: 'schoolId is required' });
