import { CloudOff, WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../../components/ui/button';
import { readAll } from '../../features/attendance/lib/pending-store';
import { formatDay } from '../../lib/i18n/format';
import { useT } from '../../lib/i18n/i18n';
import { tabUser } from '../../lib/tab-user';

/**
 * What a signed-in page shows when the session cannot be asked for (docs/product.md, "Attendance on a bad
 * connection"): a reload without a network, the app from the service worker's shell. Not the sign-in page (the
 * session may well be valid) nor an error: the connection's state, and this tab's user's attendance marks
 * kept on the device, which are sent once the connection returns and the page opens.
 */
export function OfflinePage({ onRetry }: { onRetry: () => void }) {
  const { t } = useT();
  const title = t('offline.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  const userId = tabUser();
  // Only this tab's user's: on a shared device nobody else's marks show (lib/tab-user.ts).
  const kept = userId ? readAll().filter((p) => p.userId === userId && !p.refused) : [];

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-600">
          <WifiOff className="size-7" aria-hidden="true" />
        </div>
        <h1 className="text-center text-xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-2 text-center text-sm text-slate-600">{t('offline.description')}</p>
        {kept.length > 0 && (
          <div
            role="status"
            className="mt-5 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
          >
            <p className="flex items-start gap-2">
              <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                <strong className="font-semibold">{t('offline.notSent')}</strong> {t('offline.notSentHint')}
              </span>
            </p>
            <ul className="mt-2 space-y-1.5 ps-6">
              {kept.map((p) => {
                const absent = p.body.records.filter((r) => !r.isPresent).length;
                const late = p.body.records.filter((r) => r.isPresent && r.isLate).length;
                return (
                  <li key={p.slot}>
                    <bdi className="block font-medium">
                      {p.classLabel
                        ? t('offline.sheet', { className: p.classLabel, date: formatDay(p.body.date) })
                        : formatDay(p.body.date)}
                    </bdi>
                    <span className="block">
                      {t('offline.summary', { total: p.body.records.length, absent, late })}
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
        <div className="mt-6 text-center">
          <Button variant="secondary" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        </div>
      </div>
    </main>
  );
}
