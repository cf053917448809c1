/** The people module's public surface: students, teachers, parents, users; the rows classes are built from. */
export { setUserActive } from './active.ts';
export { peopleRoutes } from './routes.ts';
export { findClass, findStudent, placeStudent, withRollNumber } from './students.ts';
export { assertSubjects, assignTeacherInTx, findTeacher } from './teachers.ts';
export { visibleClasses } from './visibility.ts';
