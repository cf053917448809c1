import type { TimetableOptionsResponse } from '@lyceum/shared/timetable';
import { Select } from '../../../components/ui/select';
import { useT } from '../../../lib/i18n/i18n';

type Period = TimetableOptionsResponse['periods'][number];

/**
 * Picks one of the school's periods (breaks left out) to fill a lesson's start and end at once, so nobody types
 * times the school has already set, least of all on a phone. Shows nothing while the school has no periods.
 */
export function PeriodPicker({
  id,
  periods,
  onPick,
}: {
  id: string;
  periods: readonly Period[];
  onPick: (period: Period) => void;
}) {
  const { t } = useT('timetable');
  const lessonPeriods = periods.filter((p) => !p.isBreak);
  if (lessonPeriods.length === 0) return null;
  return (
    <Select
      id={id}
      label={t('slotForm.period')}
      placeholder={t('slotForm.choose')}
      options={lessonPeriods.map((p) => ({
        value: p.id,
        label: t('slotForm.periodOption', { name: p.name, start: p.startTime, end: p.endTime }),
      }))}
      defaultValue=""
      onChange={(event) => {
        const period = lessonPeriods.find((p) => p.id === event.target.value);
        if (period) onPick(period);
      }}
    />
  );
}
