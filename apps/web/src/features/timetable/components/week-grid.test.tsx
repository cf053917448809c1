import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { setViewportWidth } from '../../../test/media';
import { timetableSlot } from '../../../test/fixtures';
import { WeekGrid } from './week-grid';

/** What a screen reader reads for a lesson's room: the room's line without the hidden icon. */
const roomLine = (room: string) => screen.getByText(room).closest('p')?.textContent;

describe('WeekGrid', () => {
  afterEach(() => changeLanguage('en'));

  it('prints the whole week from a phone: the day list shows on screen, the grid of every day on paper', () => {
    setViewportWidth(375);
    render(
      <WeekGrid
        title="Grade 5 A"
        periods={[]}
        slots={[
          timetableSlot({ id: 'a', subject: 'Mathematics', day: 'monday' }),
          timetableSlot({ id: 'b', subject: 'Physics', day: 'friday' }),
        ]}
      />,
    );
    const dayList = screen.getByRole('tablist', { name: 'Day' });
    expect(dayList.closest('.print\\:hidden')).not.toBeNull();
    // The tests load no style sheets: the grid's wrapper is what hides it on screen and shows it on paper.
    const grid = screen.getByRole('table', { name: 'Grade 5 A' });
    expect(grid.closest('.print\\:block')?.className).toContain('hidden');
    expect(within(grid).getByText('Mathematics')).toBeTruthy();
    expect(within(grid).getByText('Physics')).toBeTruthy();
  });

  it('names the room once: "Room 1" stays as it is, a bare "101" is read "Room 101"', () => {
    setViewportWidth(1280);
    render(
      <WeekGrid
        title="Grade 5 A"
        periods={[]}
        slots={[
          timetableSlot({ id: 'a', room: 'Room 1' }),
          timetableSlot({ id: 'b', room: '101', day: 'tuesday' }),
          timetableSlot({ id: 'c', room: 'room 12', day: 'wednesday' }),
        ]}
      />,
    );
    expect(roomLine('Room 1')).toBe('Room 1');
    expect(roomLine('101')).toBe('Room 101');
    expect(roomLine('room 12')).toBe('room 12');
  });

  it('in Spanish, adds its own word only where the name lacks it', async () => {
    await changeLanguage('es');
    setViewportWidth(1280);
    render(
      <WeekGrid
        title="Grado 5 A"
        periods={[]}
        slots={[timetableSlot({ id: 'a', room: 'Aula 3' }), timetableSlot({ id: 'b', room: 'Lab', day: 'tuesday' })]}
      />,
    );
    expect(roomLine('Aula 3')).toBe('Aula 3');
    expect(roomLine('Lab')).toBe('Aula Lab');
  });
});
