import { type Weekday, weekdaysFrom } from '@lyceum/shared/timetable';
import { useFormat } from '../../../lib/i18n/format';

/**
 * The week's days from the school's first day of the week (docs/product.md, "The school's day"): the grid's
 * columns, a phone's day tabs and the day pickers of the lesson forms all list them in this order.
 */
export function useWeekdays(): Weekday[] {
  return weekdaysFrom(useFormat().settings.locale.weekStart);
}
