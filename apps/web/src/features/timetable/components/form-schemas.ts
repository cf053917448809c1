import {
  AssignTimetableTeacherRequest,
  CreateSlotRequest,
  endAfterStart,
  endAfterStartIssue,
  lessonLongEnough,
  lessonLongEnoughIssue,
} from '@lyceum/shared/timetable';
import { z } from 'zod';
import { translate } from '../../../lib/i18n/i18n';

/**
 * The lesson forms check the shared request schemas, except that an unchosen class, subject or teacher
 * says "choose one" rather than the id format's message (an empty select is not a malformed id).
 */
const chosen = () => z.string().min(1, { error: () => translate('timetable', 'slotForm.required') });

export const SlotForm = z
  .object({ ...CreateSlotRequest.shape, classId: chosen(), subjectId: chosen(), teacherId: chosen() })
  .refine(endAfterStart, endAfterStartIssue)
  .refine(lessonLongEnough, lessonLongEnoughIssue);
export type SlotForm = z.input<typeof SlotForm>;

const lesson = AssignTimetableTeacherRequest.shape.slots.element;
export const AssignForm = z.object({
  teacherId: chosen(),
  slots: z
    .array(
      z
        .object({ ...lesson.shape, subjectId: chosen() })
        .refine(endAfterStart, endAfterStartIssue)
        .refine(lessonLongEnough, lessonLongEnoughIssue),
    )
    .min(1)
    .max(100),
});
export type AssignForm = z.input<typeof AssignForm>;
