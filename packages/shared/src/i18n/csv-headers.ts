import type { AttendanceStatus } from '../attendance.ts';
import type { Language } from '../locale.ts';
import type { Catalogue } from './translate.ts';

/**
 * The header rows of CSV exports and import templates in each language but English, whose headers are the
 * column names themselves (docs/product.md, "Messages in the user's language"). Keys are the English
 * headers; `{0}` stands for a part filled in (a currency, a usage metric). Imports accept these headers as
 * well as the English ones (the server's modules/people/csv.ts), and the web app's import preview names the
 * columns with them, as the reader's template does (csvColumnName).
 */
export const CSV_HEADERS: Record<Exclude<Language, 'en'>, Catalogue> = {
  es: {
    name: 'nombre',
    email: 'correo',
    phone: 'teléfono',
    className: 'clase',
    section: 'sección',
    rollNumber: 'número de lista',
    academicYear: 'año académico',
    parentName: 'nombre del padre o la madre',
    parentEmail: 'correo del padre o la madre',
    parentPhone: 'teléfono del padre o la madre',
    parentRelationship: 'parentesco',
    parent2Name: 'nombre del segundo padre o madre',
    parent2Email: 'correo del segundo padre o madre',
    parent2Phone: 'teléfono del segundo padre o madre',
    parent2Relationship: 'parentesco del segundo padre o madre',
    parents: 'padres',
    qualification: 'titulación',
    experience: 'experiencia',
    subjects: 'asignaturas',
    classes: 'clases',
    isAdmin: 'es administrador',
    status: 'estado',
    relationship: 'parentesco con el alumno',
    children: 'hijos',
    childEmails: 'correos de los hijos',
    role: 'rol',
    lastLoginAt: 'último inicio de sesión',
    invitationPending: 'invitación pendiente',
    classTeacher: 'tutor',
    teachers: 'profesores',
    students: 'alumnos',
    item: 'concepto',
    count: 'cantidad',
    'amount ({0})': 'importe ({0})',
    school: 'escuela',
    plan: 'plan',
    '{0} used': '{0} (usado)',
    '{0} limit': '{0} (límite)',
    'closest to limit (%)': 'más cerca del límite (%)',
    admins: 'administradores',
    principals: 'directores',
    storage: 'almacenamiento',
    'API calls this month': 'llamadas a la API este mes',
    date: 'fecha',
    period: 'periodo',
    student: 'alumno',
    note: 'nota',
    markedBy: 'registrado por',
    submittedAt: 'enviado el',
    present: 'presentes',
    late: 'retrasos',
    absent: 'ausencias',
    total: 'total',
    'rate (%)': 'asistencia (%)',
  },
  ar: {
    name: 'الاسم',
    email: 'البريد الإلكتروني',
    phone: 'الهاتف',
    className: 'الصف',
    section: 'الشعبة',
    rollNumber: 'رقم القيد',
    academicYear: 'العام الدراسي',
    parentName: 'اسم ولي الأمر',
    parentEmail: 'بريد ولي الأمر',
    parentPhone: 'هاتف ولي الأمر',
    parentRelationship: 'صلة القرابة',
    parent2Name: 'اسم ولي الأمر الثاني',
    parent2Email: 'بريد ولي الأمر الثاني',
    parent2Phone: 'هاتف ولي الأمر الثاني',
    parent2Relationship: 'صلة قرابة ولي الأمر الثاني',
    parents: 'أولياء الأمور',
    qualification: 'المؤهل',
    experience: 'الخبرة',
    subjects: 'المواد',
    classes: 'الصفوف',
    isAdmin: 'مدير المدرسة',
    status: 'الحالة',
    relationship: 'صلة القرابة بالطالب',
    children: 'الأبناء',
    childEmails: 'بريد الأبناء',
    role: 'الدور',
    lastLoginAt: 'آخر تسجيل دخول',
    invitationPending: 'دعوة معلّقة',
    classTeacher: 'رائد الصف',
    teachers: 'المعلمون',
    students: 'الطلاب',
    item: 'البند',
    count: 'العدد',
    'amount ({0})': 'المبلغ ({0})',
    school: 'المدرسة',
    plan: 'الخطة',
    '{0} used': '{0} (المستخدم)',
    '{0} limit': '{0} (الحد)',
    'closest to limit (%)': 'الأقرب إلى الحد (%)',
    admins: 'المديرون',
    principals: 'نظّار المدارس',
    storage: 'التخزين',
    'API calls this month': 'استدعاءات واجهة البرمجة هذا الشهر',
    date: 'التاريخ',
    period: 'الحصة',
    student: 'الطالب',
    note: 'ملاحظة',
    markedBy: 'سجّله',
    submittedAt: 'وقت الإرسال',
    present: 'حاضر',
    late: 'متأخر',
    absent: 'غائب',
    total: 'المجموع',
    'rate (%)': 'نسبة الحضور (%)',
  },
};

/**
 * Headers a language's templates and exports had before, still read by imports (not written), so a file
 * downloaded then uploads as it is: Spanish said `estudiante` before it settled on `alumno` for students
 * (docs/product.md, "A person's language").
 */
export const FORMER_CSV_HEADERS: Partial<Record<Exclude<Language, 'en'>, Catalogue>> = {
  es: { relationship: 'parentesco con el estudiante' },
};

/** A column as the template in `language` names it: `className` is `clase` in Spanish, `الصف` in Arabic. */
export function csvColumnName(column: string, language: string): string {
  const headers = language === 'es' || language === 'ar' ? CSV_HEADERS[language] : null;
  return headers?.[column] ?? column;
}

/**
 * An attendance mark in a CSV cell, in each language but English (whose cells say `present`, `absent`,
 * `late`): the words the register shows on screen, so a file and the page read alike. Kept apart from
 * CSV_HEADERS, which imports also read as column names (and whose `present`… are the rate columns' counts).
 */
export const CSV_ATTENDANCE_STATUSES: Record<Exclude<Language, 'en'>, Record<AttendanceStatus, string>> = {
  es: { present: 'presente', absent: 'ausente', late: 'tarde' },
  ar: { present: 'حاضر', absent: 'غائب', late: 'متأخر' },
};
