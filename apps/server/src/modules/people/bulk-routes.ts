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
import { actorOf } from '../../lib/request-actor.ts';
import { inScope, readScope } from '../../db/school-scope.ts';
import { sendCsv, toCsv } from '../../lib/csv.ts';
import { commitImport, type ImportKind, previewImport, templateOf } from './import.ts';
import { importRateLimit } from './import-rate-limit.ts';
import { parentPage } from './parents.ts';
import { studentPage } from './students.ts';
import { teacherPage } from './teachers.ts';
import { userPage } from './users.ts';

/** Imports carry up to 2 MB of CSV inside JSON (escaping adds a little). */
const IMPORT_BODY_LIMIT = 3 * 1024 * 1024;
const status = (active: boolean) => (active ? 'active' : 'inactive');

/** CSV exports (every list, same filters and visibility as the list) and imports with their templates. */
export const bulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { db } = deps;
  const tags = ['import-export'];
  const onRequest = importRateLimit(app);

  for (const kind of ['students', 'teachers', 'parents'] as const satisfies ImportKind[]) {
    app.get(`/${kind}/import/template`, { schema: { tags } }, async (_r, reply) =>
      sendCsv(reply, `${kind}-template.csv`, templateOf(kind)),
    );
    app.post(
      `/${kind}/import/preview`,
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        onRequest,
        schema: { tags, body: ImportRequest, response: { 200: ImportPreviewResponse } },
      },
      (r) => previewImport(deps, actorOf(r), kind, r.body.csv, r.body),
    );
    app.post(
      `/${kind}/import`,
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        onRequest,
        schema: { tags, body: ImportRequest, response: { 200: ImportResultResponse } },
      },
      (r) => commitImport(deps, actorOf(r), kind, r.body.csv, r.body),
    );
  }

  app.get('/students/export', { schema: { tags, querystring: StudentListQuery } }, async (r, reply) => {
    const scope = readScope(actorOf(r), r.query.schoolId, 'students');
    const page = await inScope(db, scope, (tx) => studentPage(tx, scope, { ...r.query, cursor: undefined }, null));
    const rows = page.items.map((s) => [
      s.name,
      s.email,
      s.phone,
      s.className,
      s.section,
      s.rollNumber,
      s.academicYear,
      s.parents.map((p) => `${p.name} (${p.relationship})`).join('; '),
      status(s.isActive),
    ]);
    const columns = [
      'name',
      'email',
      'phone',
      'className',
      'section',
      'rollNumber',
      'academicYear',
      'parents',
      'status',
    ];
    return sendCsv(reply, 'students.csv', toCsv(columns, rows));
  });

  app.get('/teachers/export', { schema: { tags, querystring: TeacherListQuery } }, async (r, reply) => {
    const scope = readScope(actorOf(r), r.query.schoolId, 'teachers');
    const page = await inScope(db, scope, (tx) => teacherPage(tx, scope, { ...r.query, cursor: undefined }, null));
    const rows = page.items.map((t) => [
      t.name,
      t.email,
      t.phone,
      t.qualification,
      t.experience,
      t.subjects.map((s) => s.name).join(';'),
      t.assignedClasses
        .map((c) => `${c.className} ${c.section}`.trim() + (c.isClassTeacher ? ' (class teacher)' : ''))
        .join('; '),
      t.isAdmin ? 'yes' : 'no',
      status(t.isActive),
    ]);
    const columns = [
      'name',
      'email',
      'phone',
      'qualification',
      'experience',
      'subjects',
      'classes',
      'isAdmin',
      'status',
    ];
    return sendCsv(reply, 'teachers.csv', toCsv(columns, rows));
  });

  app.get('/parents/export', { schema: { tags, querystring: ParentListQuery } }, async (r, reply) => {
    const scope = readScope(actorOf(r), r.query.schoolId, 'parents');
    const page = await inScope(db, scope, (tx) => parentPage(tx, scope, { ...r.query, cursor: undefined }, null));
    const rows = page.items.map((p) => [
      p.name,
      p.email,
      p.phone,
      p.relationship,
      p.children.map((c) => `${c.name} (${`${c.className} ${c.section}`.trim()})`).join('; '),
      p.status,
    ]);
    return sendCsv(reply, 'parents.csv', toCsv(['name', 'email', 'phone', 'relationship', 'children', 'status'], rows));
  });

  app.get('/users/export', { schema: { tags, querystring: UserListQuery } }, async (r, reply) => {
    const scope = readScope(actorOf(r), r.query.schoolId, 'users');
    const page = await inScope(db, scope, (tx) => userPage(tx, scope, { ...r.query, cursor: undefined }, null));
    const rows = page.items.map((u) => [
      u.name,
      u.email,
      u.phone,
      u.role,
      status(u.isActive),
      u.lastLoginAt,
      u.invitationPending ? 'yes' : 'no',
    ]);
    return sendCsv(
      reply,
      'users.csv',
      toCsv(['name', 'email', 'phone', 'role', 'status', 'lastLoginAt', 'invitationPending'], rows),
    );
  });
};
