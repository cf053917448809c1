import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/seed.ts';
import { as, createTestApp, login, type TestApp } from './helpers.ts';

/** Issue 4 item 10: the demo schools' people, coherent with the demo accounts of the README. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.deps.db);
});
afterAll(() => t.close());

describe('demo people', () => {
  for (const domain of ['demo.lyceum.test', 'riverside.lyceum.test']) {
    it(`${domain}: 120 students in 4 classes, 8 teachers and their parents; the demo accounts belong together`, async () => {
      const admin = await login(t.app, `school-admin@${domain}`, 'school_admin', DEMO_PASSWORD);
      const classes = (await as(t.app, admin)({ method: 'GET', url: '/api/v1/classes' })).json().items as {
        id: string;
        studentCount: number;
        classTeacherId: string | null;
      }[];
      expect(classes.map((c) => c.studentCount)).toEqual([30, 30, 30, 30]);
      expect(classes.every((c) => c.classTeacherId)).toBe(true);
      expect((await as(t.app, admin)({ method: 'GET', url: '/api/v1/students?limit=1' })).json().total).toBe(120);
      expect((await as(t.app, admin)({ method: 'GET', url: '/api/v1/teachers?limit=1' })).json().total).toBe(8);
      const parents = (await as(t.app, admin)({ method: 'GET', url: '/api/v1/parents?limit=1' })).json().total;
      expect(parents).toBeGreaterThan(80);

      const teacher = await login(t.app, `teacher@${domain}`, 'teacher', DEMO_PASSWORD);
      const student = await login(t.app, `student@${domain}`, 'student', DEMO_PASSWORD);
      const parent = await login(t.app, `parent@${domain}`, 'parent', DEMO_PASSWORD);
      const mine = (await as(t.app, teacher)({ method: 'GET', url: '/api/v1/my-classes' })).json().items;
      const me = (await as(t.app, student)({ method: 'GET', url: '/api/v1/students' })).json().items[0];
      expect(mine.map((c: { id: string }) => c.id)).toContain(me.classId);
      expect(mine.find((c: { id: string }) => c.id === me.classId).isClassTeacher).toBe(true);
      const children = (await as(t.app, parent)({ method: 'GET', url: '/api/v1/children' })).json().items;
      expect(children.map((c: { id: string }) => c.id)).toContain(me.id);
      // Generated people sign in with the demo password too.
      const other = (await as(t.app, admin)({ method: 'GET', url: '/api/v1/students?limit=5&sort=createdAt' })).json()
        .items;
      const generated = other.find((s: { email: string }) => s.email !== `student@${domain}`);
      await login(t.app, generated.email, 'student', DEMO_PASSWORD);

      // A generated family shares its surname; a teacher teaches only subjects they hold.
      const page = (await as(t.app, admin)({ method: 'GET', url: '/api/v1/students?limit=60' })).json().items as {
        name: string;
        email: string;
        parents: { name: string }[];
      }[];
      const surname = (n: string) => n.split(' ').at(-1);
      const demoParent = (await as(t.app, parent)({ method: 'GET', url: '/api/v1/auth/me' })).json().user.name;
      const generatedFamilies = page.filter(
        (s) => s.email !== `student@${domain}` && !s.parents.some((p) => p.name === demoParent),
      );
      expect(generatedFamilies.length).toBeGreaterThan(50);
      for (const s of generatedFamilies)
        expect({ student: s.name, parents: s.parents.map((p) => surname(p.name)) }).toEqual({
          student: s.name,
          parents: [surname(s.name)],
        });
      const staff = (await as(t.app, admin)({ method: 'GET', url: '/api/v1/teachers?limit=10' })).json().items as {
        id: string;
      }[];
      for (const { id } of staff) {
        const tr = (await as(t.app, admin)({ method: 'GET', url: `/api/v1/teachers/${id}` })).json();
        for (const assigned of tr.assignedClasses as { subjects: unknown[] }[])
          for (const subject of assigned.subjects) expect(tr.subjects).toContainEqual(subject);
      }
    });
  }
});
