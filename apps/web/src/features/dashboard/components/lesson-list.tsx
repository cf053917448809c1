import type { DayLesson } from '@lyceum/shared/day';
import { CalendarX } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { useT } from '../../../lib/i18n/i18n';

/**
 * Today's lessons by start time. A line names the class (`showClass`: a teacher's own lessons) or else the
 * teacher (a student's or a child's class); `marks` adds whether each lesson's class is marked today.
 */
export function LessonList({
  lessons,
  showClass = false,
  marks = false,
}: {
  lessons: DayLesson[];
  showClass?: boolean;
  marks?: boolean;
}) {
  const { t } = useT('dashboard');
  if (lessons.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-500">
        <CalendarX className="size-4" aria-hidden="true" />
        {t('day.noLessons')}
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100" aria-label={t('day.lessons')}>
      {lessons.map((lesson) => (
        <li key={lesson.slotId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
          <span dir="ltr" className="w-24 shrink-0 font-medium text-slate-900 tabular-nums">
            {lesson.startTime}–{lesson.endTime}
          </span>
          {/* Each name isolated: right to left a Latin `Room 1 (lab)` or `Doe, "Jane"` kept neither its brackets
              nor its quotes, nor its place beside the dots (docs/product.md, "In the web app"). Each goes to the
              next line whole, with its dot: at 375 px `Room 1` broke into `Room` and a lone `1` below. */}
          <span className="min-w-0 flex-1 text-slate-500">
            <bdi className="font-medium text-slate-800">{lesson.subject}</bdi>{' '}
            <span className="inline-block max-w-full">
              · <bdi>{showClass ? lesson.className : lesson.teacherName}</bdi>
            </span>
            {lesson.room && (
              <>
                {' '}
                <span className="inline-block max-w-full">
                  · <bdi>{lesson.room}</bdi>
                </span>
              </>
            )}
          </span>
          {marks && (
            <Badge tone={lesson.marked ? 'success' : 'warning'}>
              {lesson.marked ? t('day.marked') : t('day.notMarked')}
            </Badge>
          )}
        </li>
      ))}
    </ul>
  );
}
