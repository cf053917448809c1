import type { ClassDetailResponse } from '@lyceum/shared/academics';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useStudentSearch } from '../../../api/lookups';
import { PersonCell } from '../../../components/people/person-avatar';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SearchInput } from '../../../components/ui/search-input';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n';
import { useEnrolStudent } from '../api/enrol-student';

/** Find a student of the school and enrol them here (which moves them out of their current class). */
export function EnrolStudentDialog({
  klass,
  open,
  onOpenChange,
}: {
  klass: ClassDetailResponse;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useT('classes');
  const [search, setSearch] = useState('');
  const results = useStudentSearch(search, open);
  const enrol = useEnrolStudent();
  const [pendingId, setPendingId] = useState<string | null>(null);

  const onEnrol = (studentId: string, name: string) => {
    setPendingId(studentId);
    enrol.mutate(
      { classId: klass.id, data: { studentId } },
      {
        onSuccess: () => toast.success(t('enrol.done', { name, className: klass.label })),
        onSettled: () => setPendingId(null),
      },
    );
  };

  const items = (results.data?.items ?? []).filter((s) => s.classId !== klass.id);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('enrol.title', { className: klass.label })}
      description={t('enrol.description')}
      size="lg"
    >
      <div className="space-y-3">
        <SearchInput id="enrol-search" label={t('enrol.search')} value={search} onChange={setSearch} />
        {results.isPending ? (
          <Skeleton className="h-24" />
        ) : results.isError ? (
          <Alert>{errorMessage(results.error)}</Alert>
        ) : items.length === 0 ? (
          <p className="py-4 text-center text-sm text-slate-500">{t('enrol.noMatch')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={t('enrol.matching')}>
            {items.map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <PersonCell
                  name={s.name}
                  sub={t('enrol.studentSub', {
                    className: s.classLabel,
                    email: s.email,
                  })}
                  src={s.profileImage}
                />
                <Button
                  size="sm"
                  variant="secondary"
                  loading={pendingId === s.id}
                  disabled={pendingId !== null && pendingId !== s.id}
                  onClick={() => onEnrol(s.id, s.name)}
                  aria-label={t('enrol.enrolName', { name: s.name })}
                >
                  {t('enrol.enrol')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
