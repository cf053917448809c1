import {
  EmergencyContactsRequest,
  EmergencyContactsResponse,
  EmergencyLookupQuery,
  EmergencyLookupResponse,
  EmergencyStudentParams,
} from '@lyceum/shared/emergency-contacts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/request-actor.ts';
import { getEmergencyContacts, lookupEmergencyContacts, saveEmergencyContacts } from './emergency-contacts.ts';
import { findStudentAndParent } from './students.ts';

/** Students' emergency contacts (contract: packages/shared/src/emergency-contacts.ts). */
export const emergencyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['emergency-contacts'];
  app.get(
    '/emergency-contacts',
    { schema: { tags, querystring: EmergencyLookupQuery, response: { 200: EmergencyLookupResponse } } },
    (r) => lookupEmergencyContacts(deps, actorOf(r), r.query),
  );
  app.get(
    '/students/:id/emergency-contacts',
    { schema: { tags, params: EmergencyStudentParams, response: { 200: EmergencyContactsResponse } } },
    (r) => getEmergencyContacts(deps, actorOf(r), r.params),
  );
  app.put(
    '/students/:id/emergency-contacts',
    {
      // A student the caller may not see answers 404 whatever the body, as every other write of a student.
      config: { onInvalidBody: (r) => findStudentAndParent(deps, actorOf(r), r.params as { id: string }) },
      schema: {
        tags,
        params: EmergencyStudentParams,
        body: EmergencyContactsRequest,
        response: { 200: EmergencyContactsResponse },
      },
    },
    (r) => saveEmergencyContacts(deps, actorOf(r), { ...r.params, ...r.body }),
  );
};
