import {
  EMERGENCY_LOOKUP_LIMIT,
  type EmergencyContact,
  type EmergencyContactsRequest,
  type EmergencyContactsResponse,
  type EmergencyLookupResponse,
} from '@lyceum/shared/emergency-contacts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { classLabel } from '../../db/class-label.ts';
import { audit } from '../../db/audit.ts';
import type { Tx } from '../../db/client.ts';
import { classes, emergencyContacts, students, users } from '../../db/schema/index.ts';
import { inScope, writeScope } from '../../db/school-scope.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { newId } from '../../lib/ids.ts';
import { nameLike, byName } from '../../lib/search.ts';
import { findStudent } from './students.ts';
import { visibleStudents } from './visibility.ts';

/** Contacts of some students, each student's in calling order. */
async function contactsOf(tx: Tx, schoolId: string, studentIds: string[]): Promise<Map<string, EmergencyContact[]>> {
  const byStudent = new Map<string, EmergencyContact[]>(studentIds.map((id) => [id, []]));
  if (studentIds.length === 0) return byStudent;
  const rows = await tx
    .select()
    .from(emergencyContacts)
    .where(and(eq(emergencyContacts.schoolId, schoolId), inArray(emergencyContacts.studentId, studentIds)))
    .orderBy(asc(emergencyContacts.studentId), asc(emergencyContacts.position));
  for (const r of rows) {
    byStudent.get(r.studentId)?.push({
      id: r.id,
      name: r.name,
      relationship: r.relationship,
      phone: r.phone,
      position: r.position,
    });
  }
  return byStudent;
}

/** One student's contacts, if the caller may see the student ("Who sees whom"; 404 otherwise). */
export function getEmergencyContacts(
  deps: Deps,
  actor: Actor,
  { id }: { id: string },
): Promise<EmergencyContactsResponse> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const student = await findStudent(tx, scope, id);
    const contacts = await contactsOf(tx, scope.schoolId, [id]);
    return { studentId: id, studentName: student.name, contacts: contacts.get(id) ?? [] };
  });
}

/**
 * Replaces a student's contacts with the given ordered list (the office, or a parent of the student: the route
 * lets only those roles in, and findStudent's visibility confines a parent to their own children).
 */
export function saveEmergencyContacts(
  deps: Deps,
  actor: Actor,
  { id, contacts }: { id: string } & EmergencyContactsRequest,
): Promise<EmergencyContactsResponse> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const student = await findStudent(tx, scope, id);
    const before = (await contactsOf(tx, scope.schoolId, [id])).get(id) ?? [];
    await tx
      .delete(emergencyContacts)
      .where(and(eq(emergencyContacts.schoolId, scope.schoolId), eq(emergencyContacts.studentId, id)));
    if (contacts.length > 0) {
      await tx.insert(emergencyContacts).values(
        contacts.map((c, i) => ({
          schoolId: scope.schoolId,
          id: newId(),
          studentId: id,
          name: c.name.trim(),
          relationship: c.relationship.trim(),
          phone: c.phone.trim(),
          position: i + 1,
        })),
      );
    }
    const after = (await contactsOf(tx, scope.schoolId, [id])).get(id) ?? [];
    const summary = (list: EmergencyContact[]) =>
      list.map(({ name, relationship, phone }) => ({ name, relationship, phone }));
    await audit(tx, actor, {
      schoolId: scope.schoolId,
      action: 'student.emergency_contacts_saved',
      entity: 'student',
      entityId: id,
      before: { contacts: summary(before) },
      after: { contacts: summary(after) },
    });
    return { studentId: id, studentName: student.name, contacts: after };
  });
}

/**
 * The lookup behind the header button's page: the first few students the caller may see whose name matches,
 * each with class and contacts, in two queries whatever the school's size.
 */
export function lookupEmergencyContacts(
  deps: Deps,
  actor: Actor,
  { search }: { search?: string | undefined },
): Promise<EmergencyLookupResponse> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const rows = await tx
      // The class as every page names it: "Grade 5 A" (docs/product.md, "Classes and subjects").
      .select({
        id: students.id,
        name: users.name,
        className: classLabel('classes'),
      })
      .from(students)
      .innerJoin(users, and(eq(users.schoolId, students.schoolId), eq(users.id, students.id)))
      .innerJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
      .where(
        and(
          eq(students.schoolId, scope.schoolId),
          eq(users.isActive, true),
          search ? nameLike(users.name, search) : undefined,
          visibleStudents(scope),
        ),
      )
      .orderBy(byName(users.name), asc(students.id))
      .limit(EMERGENCY_LOOKUP_LIMIT);
    const contacts = await contactsOf(
      tx,
      scope.schoolId,
      rows.map((r) => r.id),
    );
    return {
      items: rows.map((r) => ({
        studentId: r.id,
        studentName: r.name,
        className: r.className,
        contacts: contacts.get(r.id) ?? [],
      })),
    };
  });
}
