import { ATTENDANCE_STATUSES, type AttendanceStatus } from '@lyceum/shared/attendance';
import { cn } from '../../../lib/cn';
import { useT } from '../../../lib/i18n/i18n';

const TONES: Record<AttendanceStatus, string> = {
  present: 'peer-checked:border-emerald-700 peer-checked:bg-emerald-700 peer-checked:text-white',
  absent: 'peer-checked:border-red-700 peer-checked:bg-red-700 peer-checked:text-white',
  late: 'peer-checked:border-amber-500 peer-checked:bg-amber-500 peer-checked:text-slate-950',
};

/** Present / absent / late as three large radio buttons (at least 44 px high for thumbs on a phone). */
export function StatusPicker({
  name,
  label,
  value,
  onChange,
}: {
  name: string;
  label: string;
  value: AttendanceStatus;
  onChange: (status: AttendanceStatus) => void;
}) {
  const { t } = useT('attendance');
  return (
    <fieldset className="grid grid-cols-3 gap-2 sm:w-80 sm:shrink-0">
      <legend className="sr-only">{t('mark.statusOf', { name: label })}</legend>
      {ATTENDANCE_STATUSES.map((status) => (
        <label key={status} className="relative block">
          <input
            type="radio"
            name={name}
            value={status}
            checked={value === status}
            onChange={() => onChange(status)}
            // Invisible but as large as its button, so focus scrolls the whole button into view, not one pixel; clicks
            // still reach the button (the label) as before.
            className="peer pointer-events-none absolute inset-0 m-0 size-full appearance-none opacity-0"
          />
          <span
            className={cn(
              'flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white px-2 text-sm font-medium text-slate-700 peer-focus-visible:ring-2 peer-focus-visible:ring-blue-500 peer-focus-visible:ring-offset-1',
              TONES[status],
            )}
          >
            {t(`status.${status}`)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
