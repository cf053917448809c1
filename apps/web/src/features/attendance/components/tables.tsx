import type { AttendanceRate, AttendanceRecord, AttendanceStatus } from '@lyceum/shared/attendance';
import { Download } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatDay, useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { useIsMobile } from '../../../lib/use-media-query';
import { studentHistoryHref } from '../lib/links';

const TONE: Record<AttendanceStatus, BadgeTone> = { present: 'success', absent: 'danger', late: 'warning' };

export function StatusMark({ status }: { status: AttendanceStatus }) {
  const { t } = useT('attendance');
  return <Badge tone={TONE[status]}>{t(`status.${status}`)}</Badge>;
}

/** "93%" (in the language's own style, as on the dashboards) or a dash when there is nothing to count. */
export function RateText({ rate }: { rate: AttendanceRate }) {
  const { t } = useT('attendance');
  const format = useFormat();
  return (
    <span className="tabular-nums">
      {rate.rate === null ? t('noRate') : format.number(rate.rate / 100, { style: 'percent' })}
    </span>
  );
}

export function CsvLink({ href }: { href: string }) {
  const { t } = useT('attendance');
  return (
    <a href={href} download className={buttonClasses('secondary', 'sm')}>
      <Download className="me-1.5 size-4" aria-hidden="true" />
      {t('csv')}
    </a>
  );
}

/** A table that scrolls inside its own box on a narrow screen, never the page. */
export function TableBox({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="max-w-full overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export const th = 'px-3 py-2 text-start text-xs font-semibold tracking-wide text-slate-500 uppercase whitespace-nowrap';
export const td = 'px-3 py-2 text-start align-top whitespace-nowrap';

/** A table's header row: one column heading per label; a `false` label (a column this reader does not get) is left out. */
export function HeadRow({ labels }: { labels: (string | false)[] }) {
  return (
    <thead className="bg-slate-50">
      <tr>
        {labels
          .filter((label): label is string => label !== false)
          .map((label) => (
            <th key={label} scope="col" className={th}>
              {label}
            </th>
          ))}
      </tr>
    </thead>
  );
}

/** A record's day, and its period's name (isolated: it is the school's text) when marked per period. */
function DayAndPeriod({ record }: { record: AttendanceRecord }) {
  return (
    <>
      {formatDay(record.date)}
      {record.periodName !== null && (
        <>
          {' · '}
          <bdi>{record.periodName}</bdi>
        </>
      )}
    </>
  );
}

/**
 * Records as a table: date, student (a link to their history when `linkStudents`), class, mark, who marked; and
 * the period when some record was marked in one (a school marking per period has several records a day, which
 * would otherwise read as the same day marked twice, once absent and once present).
 * On a phone each record is a stacked row with its mark beside the name, so the mark never needs a sideways
 * swipe (six columns are about 930 px wide).
 */
export function RecordsTable({
  items,
  caption,
  linkStudents,
  showStudent = true,
  highlightDate,
}: {
  items: AttendanceRecord[];
  caption: string;
  linkStudents: boolean;
  showStudent?: boolean;
  /** The day a notification opened (an absence alert's): its records are marked and scrolled into view. */
  highlightDate?: string | undefined;
}) {
  const { t } = useT('attendance');
  const isMobile = useIsMobile();
  const byPeriod = items.some((r) => r.periodName !== null);
  const first = useRef<HTMLElement | null>(null);
  const firstOfDay = items.find((r) => r.date === highlightDate)?.id;
  useEffect(() => {
    if (firstOfDay) first.current?.scrollIntoView?.({ block: 'center' });
  }, [firstOfDay]);
  const keepFirst = (el: HTMLElement | null) => {
    first.current = el;
  };
  const marked = (r: AttendanceRecord) =>
    r.date === highlightDate
      ? { 'aria-current': 'date' as const, className: 'bg-amber-50', ref: r.id === firstOfDay ? keepFirst : undefined }
      : { className: undefined };
  const student = (r: AttendanceRecord) =>
    linkStudents ? (
      <Link to={studentHistoryHref(r.studentId)} className="font-medium text-blue-700 hover:underline">
        {r.studentName}
      </Link>
    ) : (
      r.studentName
    );
  if (isMobile) {
    return (
      <ul
        aria-label={caption}
        className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm"
      >
        {items.map((r) => (
          <li key={r.id} {...marked(r)} className={cn('space-y-1 px-3 py-2', marked(r).className)}>
            <div className="flex items-start justify-between gap-2">
              <span className="min-w-0 font-medium break-words text-slate-900">
                {showStudent ? student(r) : <DayAndPeriod record={r} />}
              </span>
              <StatusMark status={r.status} />
            </div>
            {/* Someone's text isolated, so a Latin name or class keeps its place in an Arabic line. */}
            <p className="text-slate-600">
              {showStudent && (
                <>
                  <DayAndPeriod record={r} /> ·{' '}
                </>
              )}
              <bdi>{r.className}</bdi>
            </p>
            {r.note && (
              <p dir="auto" className="break-words text-slate-600">
                {r.note}
              </p>
            )}
            <p className="text-xs text-slate-500">
              {t('markedBy')}: <bdi>{r.markedByName}</bdi> · {formatDateTime(r.submittedAt)}
            </p>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <TableBox caption={caption}>
      <HeadRow
        labels={[
          t('date'),
          byPeriod && t('period'),
          showStudent && t('student'),
          t('class'),
          t('mark.status'),
          t('note'),
          t('markedBy'),
        ]}
      />
      {/* Someone's text isolated here too: "Tess Teacher · ٢٤ نوفمبر" unisolated is drawn with the name and the time
          swapped round the dot in Arabic, and a Latin note ending in punctuation has it moved to its start. */}
      <tbody className="divide-y divide-slate-100">
        {items.map((r) => (
          <tr key={r.id} {...marked(r)}>
            <td className={td}>{formatDay(r.date)}</td>
            {byPeriod && (
              <td className={td}>
                <bdi>{r.periodName}</bdi>
              </td>
            )}
            {showStudent && (
              <td className={td}>
                <bdi>{student(r)}</bdi>
              </td>
            )}
            <td className={td}>
              <bdi>{r.className}</bdi>
            </td>
            <td className={td}>
              <StatusMark status={r.status} />
            </td>
            <td dir="auto" className="max-w-48 truncate px-3 py-2 text-start text-slate-600">
              {r.note}
            </td>
            <td className={`${td} text-slate-600`}>
              <bdi>{r.markedByName}</bdi> · {formatDateTime(r.submittedAt)}
            </td>
          </tr>
        ))}
      </tbody>
    </TableBox>
  );
}
