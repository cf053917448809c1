import { useState } from 'react';
import toast from 'react-hot-toast';
import { useClassOptions } from '../../../api/lookups';
import { columnName, CsvImportDialog } from '../../../components/people/csv-import-dialog';
import { ImportInvitationCheckbox, useImportInvitation } from '../../../components/people/import-invitation';
import { Select } from '../../../components/ui/select';
import { useT } from '../../../lib/i18n/i18n';
import { previewStudentImport, STUDENT_TEMPLATE_HREF, useImportStudents } from '../api/import-students';

/** Students (and their parents) from a CSV; rows without a className go into the class chosen here. */
export function StudentImportDialog({
  open,
  onOpenChange,
  defaultClassId = '',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultClassId?: string;
}) {
  const { t } = useT('students');
  const classes = useClassOptions(open);
  const [classId, setClassId] = useState(defaultClassId);
  const [sendInvitation, setSendInvitation] = useImportInvitation();
  const commit = useImportStudents();
  const body = (csv: string) => ({ csv, classId: classId || undefined, sendInvitation });

  return (
    <CsvImportDialog
      open={open}
      onOpenChange={onOpenChange}
      noun={t('import.noun')}
      countOf={(count) => t('import.count', { count })}
      templateHref={STUDENT_TEMPLATE_HREF}
      preview={(csv) => previewStudentImport(body(csv))}
      commit={async (csv) => (await commit.mutateAsync(body(csv))).created}
      optionsKey={`${classId}|${sendInvitation}`}
      onImported={(count) => toast.success(t('import.done', { count }))}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          id="import-class"
          label={t('import.class', { column: columnName('className') })}
          placeholder={t('import.classNone')}
          options={classes.options}
          value={classId}
          onChange={(e) => setClassId(e.target.value)}
        />
        <div className="sm:pt-7">
          <ImportInvitationCheckbox checked={sendInvitation} onChange={setSendInvitation} />
        </div>
      </div>
      <p className="text-xs text-slate-500">{t('import.help')}</p>
    </CsvImportDialog>
  );
}
