import type { Period, TimetableSlot, Weekday } from '@lyceum/shared/timetable';
import { Coffee, DoorOpen, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Tabs } from '../../../components/ui/tabs';
import { getFormatSettings } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { useIsMobile } from '../../../lib/use-media-query';
import { useWeekdays } from './use-weekdays';
import { isBreakRow, type WeekRow, weekRows, weekdayOf } from './week-rows';

/** Names a cell leaves out: a class's week need not name the class on every lesson, nor a teacher's the teacher. */
export interface Hidden {
  className?: boolean;
  teacher?: boolean;
}

export interface SlotActions {
  onEdit: (slot: TimetableSlot) => void;
  onDelete: (slot: TimetableSlot) => void;
}

interface WeekGridProps {
  /** Whose week, for the table's caption and the printed page. */
  title: string;
  slots: readonly TimetableSlot[];
  periods: readonly Period[];
  hide?: Hidden;
  /** Only for those who edit the timetable; nobody else sees the buttons. */
  actions?: SlotActions;
}

/** Whether a room's name starts with the word for room (`Room 1`, `room 12`), in the UI language. */
export function namesItself(room: string, word: string): boolean {
  return room.trim().toLocaleLowerCase().startsWith(word.toLocaleLowerCase());
}

function SlotCard({ slot, hide, actions }: { slot: TimetableSlot; hide?: Hidden; actions?: SlotActions }) {
  const { t } = useT('timetable');
  // The buttons' names are sentences, where Spanish writes the weekday in lower case (`days` are the titles).
  const names = { subject: slot.subject, day: t(`daysInSentence.${slot.day}`), start: slot.startTime };
  return (
    <div className="slot-card rounded-md border border-blue-100 bg-blue-50 px-2 py-1.5 text-xs text-slate-700">
      {/* Names isolated: right to left a Latin `Grade 6 A (2027-2028)` or `Doe, "Jane"` lost its closing
          bracket or quote to the front (docs/product.md, "In the web app"). */}
      <p className="font-semibold text-slate-900">
        <bdi>{slot.subject}</bdi>
      </p>
      {!hide?.className && (
        <p>
          <bdi>{slot.className}</bdi>
        </p>
      )}
      {!hide?.teacher && (
        <p>
          <bdi>{slot.teacherName}</bdi>
        </p>
      )}
      {slot.room && (
        <p className="flex items-center gap-1">
          <DoorOpen className="size-3 shrink-0" aria-hidden="true" />
          {/* The icon's meaning in words, unless the room's name already says it (`Room 1`, not `Room Room 1`). */}
          {!namesItself(slot.room, t('grid.roomLabel')) && <span className="sr-only">{t('grid.roomLabel')} </span>}
          <bdi>{slot.room}</bdi>
        </p>
      )}
      <p className="text-slate-600" dir="ltr">
        {t('grid.span', { start: slot.startTime, end: slot.endTime })}
      </p>
      {actions && (
        <div className="mt-1 flex gap-1 print:hidden">
          <button
            type="button"
            className="rounded p-1 text-slate-600 hover:bg-white hover:text-slate-900"
            aria-label={t('actions.editSlot', names)}
            onClick={() => actions.onEdit(slot)}
          >
            <Pencil className="size-3.5" aria-hidden="true" />
          </button>
          <button
            type="button"
            className="rounded p-1 text-slate-600 hover:bg-white hover:text-red-700"
            aria-label={t('actions.deleteSlot', names)}
            onClick={() => actions.onDelete(slot)}
          >
            <Trash2 className="size-3.5" aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  );
}

function RowHeading({ row }: { row: WeekRow }) {
  const { t } = useT('timetable');
  return (
    <>
      {row.period && (
        <span className="block font-medium text-slate-800">
          <bdi>{row.period.name}</bdi>
        </span>
      )}
      <span className="block text-slate-500" dir="ltr">
        {t('grid.span', { start: row.startTime, end: row.endTime })}
      </span>
    </>
  );
}

/**
 * Desktop and paper: rows are times, columns the days from the school's first day of the week (right to left in
 * Arabic, as the page flows).
 */
function GridTable({
  title,
  rows,
  hide,
  actions,
}: { title: string; rows: WeekRow[] } & Omit<WeekGridProps, 'title' | 'slots' | 'periods'>) {
  const { t } = useT('timetable');
  const days = useWeekdays();
  return (
    <div className="timetable-print overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[56rem] table-fixed border-collapse text-start text-sm">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600">
            <th scope="col" className="w-28 px-2 py-2 text-start">
              {t('grid.time')}
            </th>
            {days.map((day) => (
              <th key={day} scope="col" className="px-2 py-2 text-start">
                {t(`days.${day}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-slate-100 align-top last:border-0">
              <th scope="row" className="px-2 py-2 text-start text-xs font-normal">
                <RowHeading row={row} />
              </th>
              {isBreakRow(row) ? (
                <td colSpan={days.length} className="bg-slate-50 px-2 py-2 text-center text-xs text-slate-600">
                  <Coffee className="me-1 inline size-3.5" aria-hidden="true" />
                  {t('grid.break')}
                </td>
              ) : (
                days.map((day) => (
                  <td key={day} className="px-1 py-1">
                    <div className="space-y-1">
                      {row.byDay[day].map((slot) => (
                        <SlotCard key={slot.id} slot={slot} hide={hide} actions={actions} />
                      ))}
                    </div>
                  </td>
                ))
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one day at a time, with a day switcher, instead of seven squeezed columns. */
function DayList({
  title,
  rows,
  hide,
  actions,
}: { title: string; rows: WeekRow[] } & Omit<WeekGridProps, 'title' | 'slots' | 'periods'>) {
  const { t } = useT('timetable');
  const days = useWeekdays();
  const [day, setDay] = useState<Weekday>(() => weekdayOf(new Date(), getFormatSettings().locale.timeZone));
  const lessons = rows.filter((row) => row.byDay[day].length > 0);
  const firstLesson = lessons[0]?.startTime ?? '';
  const lastLesson = lessons.at(-1)?.startTime ?? '';
  // Breaks between the day's first and last lesson belong to the day; those around it do not.
  const shown = rows.filter(
    (row) =>
      row.byDay[day].length > 0 || (isBreakRow(row) && row.startTime > firstLesson && row.startTime < lastLesson),
  );
  return (
    <Tabs
      label={t('grid.dayPicker')}
      value={day}
      onChange={(id) => setDay(id as Weekday)}
      tabs={days.map((d) => ({ id: d, label: t(`days.${d}`) }))}
    >
      <ul className="mt-3 space-y-2" aria-label={title}>
        {lessons.length === 0 ? (
          <li className="rounded-lg border border-dashed border-slate-200 bg-white px-3 py-6 text-center text-sm text-slate-500">
            {t('grid.noLessons')}
          </li>
        ) : (
          shown.map((row) =>
            isBreakRow(row) ? (
              <li
                key={row.key}
                className="flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-xs text-slate-600"
              >
                <Coffee className="size-3.5" aria-hidden="true" />
                <bdi>{row.period?.name ?? t('grid.break')}</bdi>
                <span dir="ltr">{t('grid.span', { start: row.startTime, end: row.endTime })}</span>
              </li>
            ) : (
              <li key={row.key} className="flex gap-3 rounded-lg border border-slate-200 bg-white p-2">
                <div className="w-20 shrink-0 text-xs">
                  <RowHeading row={row} />
                </div>
                <div className="min-w-0 flex-1 space-y-1">
                  {row.byDay[day].map((slot) => (
                    <SlotCard key={slot.id} slot={slot} hide={hide} actions={actions} />
                  ))}
                </div>
              </li>
            ),
          )
        )}
      </ul>
    </Tabs>
  );
}

/** A week's timetable: a grid on wide screens and paper, a day-by-day list on phones. */
export function WeekGrid({ title, slots, periods, hide, actions }: WeekGridProps) {
  const isMobile = useIsMobile();
  const rows = weekRows(periods, slots);
  if (!isMobile) return <GridTable title={title} rows={rows} hide={hide} actions={actions} />;
  // Paper gets the week from a phone too (docs/product.md, "Timetable"): the day list is for the screen only, and
  // the grid is drawn by CSS alone when printing, as the browser lays the page out for paper without re-rendering.
  return (
    <>
      <div className="print:hidden">
        <DayList title={title} rows={rows} hide={hide} actions={actions} />
      </div>
      <div className="hidden print:block">
        <GridTable title={title} rows={rows} hide={hide} actions={actions} />
      </div>
    </>
  );
}
