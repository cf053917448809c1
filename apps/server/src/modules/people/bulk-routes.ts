import { CsvFile } from '@lyceum/shared/academics';
import {
  ImportPreviewResponse,
  ImportRequest,
  ImportResultResponse,
  ParentListQuery,
  StudentListQuery,
  TeacherListQuery,
  UserListQuery,
} from '@lyceum/shared/people';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv.ts';
import { translateFor } from '../../lib/language.ts';
import { actorOf } from '../../lib/request-actor.ts';
import { commitImport, type ImportKind, importTemplate, previewImport } from './import.ts';
import { importRateLimit } from './import-rate-limit.ts';
import { exportParents } from './parents.ts';
import { exportStudents } from './students.ts';
import { exportTeachers } from './teachers.ts';
import { exportUsers } from './users.ts';

/** Imports carry up to 2 MB of CSV inside JSON (escaping adds a little). */
const IMPORT_BODY_LIMIT = 3 * 1024 * 1024;
const csvResponse = { 200: { content: { 'text/csv': { schema: CsvFile } } } };

/** CSV exports (every list, same filters and visibility as the list) and imports with their templates. */
export const bulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['import-export'];
  const onRequest = importRateLimit(app);

  for (const kind of ['students', 'teachers', 'parents'] as const satisfies ImportKind[]) {
    app.get(`/${kind}/import/template`, { schema: { tags, response: csvResponse } }, async (r, reply) =>
      sendCsv(reply, `${kind}-template.csv`, importTemplate(deps, actorOf(r), { kind })),
    );
    app.post(
      `/${kind}/import/preview`,
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        onRequest,
        schema: { tags, body: ImportRequest, response: { 200: ImportPreviewResponse } },
      },
      async (r, reply) => {
        const preview = await previewImport(deps, actorOf(r), { kind, ...r.body });
        const errors = preview.errors.map((e) => ({ ...e, message: translateFor(r, reply, e.message) }));
        return { ...preview, errors };
      },
    );
    app.post(
      `/${kind}/import`,
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        onRequest,
        schema: { tags, body: ImportRequest, response: { 200: ImportResultResponse } },
      },
      (r) => commitImport(deps, actorOf(r), { kind, ...r.body }),
    );
  }

  app.get(
    '/students/export',
    { schema: { tags, querystring: StudentListQuery, response: csvResponse } },
    async (r, reply) => sendCsv(reply, 'students.csv', await exportStudents(deps, actorOf(r), r.query)),
  );
  app.get(
    '/teachers/export',
    { schema: { tags, querystring: TeacherListQuery, response: csvResponse } },
    async (r, reply) => sendCsv(reply, 'teachers.csv', await exportTeachers(deps, actorOf(r), r.query)),
  );
  app.get(
    '/parents/export',
    { schema: { tags, querystring: ParentListQuery, response: csvResponse } },
    async (r, reply) => sendCsv(reply, 'parents.csv', await exportParents(deps, actorOf(r), r.query)),
  );
  app.get('/users/export', { schema: { tags, querystring: UserListQuery, response: csvResponse } }, async (r, reply) =>
    sendCsv(reply, 'users.csv', await exportUsers(deps, actorOf(r), r.query)),
  );
};
