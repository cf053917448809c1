import type { Period, TimetableSlot } from '@lyceum/shared/timetable';
import { describe, expect, it } from 'vitest';
import { isBreakRow, weekdayOf, weekRows } from './week-rows';

const period = (id: string, startTime: string, endTime: string, isBreak = false): Period => ({
  id,
  name: id,
  startTime,
  endTime,
  isBreak,
});
const slot = (id: string, day: TimetableSlot['day'], startTime: string, endTime: string): TimetableSlot => ({
  id,
  classId: 'c',
  className: 'C',
  subjectId: 's',
  subject: 'S',
  teacherId: 't',
  teacherName: 'T',
  room: '',
  day,
  startTime,
  endTime,
});

describe('weekRows', () => {
  it('gives every period a line and a lesson off the bell schedule its own, by start time', () => {
    const rows = weekRows(
      [period('P2', '09:00', '09:45'), period('Break', '08:45', '09:00', true), period('P1', '08:00', '08:45')],
      [slot('a', 'friday', '08:00', '08:45'), slot('b', 'monday', '13:00', '13:30')],
    );
    expect(rows.map((r) => r.key)).toEqual(['08:00-08:45', '08:45-09:00', '09:00-09:45', '13:00-13:30']);
    expect(rows[0]?.byDay.friday.map((s) => s.id)).toEqual(['a']);
    expect(rows[3]?.period).toBeNull();
    expect(rows.map(isBreakRow)).toEqual([false, true, false, false]);
  });

  it("takes today's weekday on the school's clocks", () => {
    // Monday 23:30 in UTC is already Tuesday in Tokyo.
    const moment = new Date('2026-11-23T23:30:00Z');
    expect(weekdayOf(moment, 'UTC')).toBe('monday');
    expect(weekdayOf(moment, 'Asia/Tokyo')).toBe('tuesday');
  });
});
