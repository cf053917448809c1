import { academicYearSchema } from '@lyceum/shared/academics';
import { phoneSchema } from '@lyceum/shared/auth';
import { CreateStudentRequest, NewParentOfStudent } from '@lyceum/shared/people';
import { z } from 'zod';
import { translate } from '../../../lib/i18n/i18n';

/**
 * The student form, built from the shared request schema's fields so the browser shows the server's wording;
 * only what a form adds (empty selects and number boxes) is handled here.
 */
const rollNumber = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d+$/.test(v), { error: () => translate('students', 'form.rollWhole') })
  .refine((v) => v === '' || Number(v) >= 1, { error: () => translate('students', 'form.rollMin') });

export const StudentForm = z.object({
  name: CreateStudentRequest.shape.name,
  email: z.string().trim(),
  phone: phoneSchema,
  classId: z.string().min(1, { error: () => translate('students', 'form.chooseClass') }),
  rollNumber,
  academicYear: z.union([z.literal(''), academicYearSchema]),
  parents: z.array(
    z.object({ parentId: z.string(), name: z.string(), relationship: NewParentOfStudent.shape.relationship }),
  ),
  newParents: z.array(
    z.object({
      name: NewParentOfStudent.shape.name,
      email: NewParentOfStudent.shape.email,
      phone: phoneSchema,
      relationship: NewParentOfStudent.shape.relationship,
    }),
  ),
  sendInvitation: z.boolean(),
});
export type StudentFormInput = z.input<typeof StudentForm>;

/** On create the e-mail is required and must be valid (it becomes the sign-in); on edit it is fixed. */
export const CreateStudentForm = StudentForm.extend({ email: CreateStudentRequest.shape.email });

export function emptyStudentForm(classId = ''): StudentFormInput {
  return {
    name: '',
    email: '',
    phone: '',
    classId,
    rollNumber: '',
    academicYear: '',
    parents: [],
    newParents: [],
    sendInvitation: false,
  };
}
