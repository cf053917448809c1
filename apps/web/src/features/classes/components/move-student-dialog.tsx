import { zodResolver } from '../../../lib/zod-resolver';
import type { ClassDetailResponse, ClassStudent } from '@lyceum/shared/academics';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { useClassOptions } from '../../../api/lookups';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Select } from '../../../components/ui/select';
import { useT } from '../../../lib/i18n/i18n';
import { useEnrolStudent } from '../api/enrol-student';

/** The class to move to; submitting is only offered once one is chosen. */
const MoveForm = z.object({ classId: z.string().min(1) });

/** Move one student of this class to another class (enrolling them there). */
export function MoveStudentDialog({
  klass,
  student,
  onClose,
}: {
  klass: ClassDetailResponse;
  student: ClassStudent | null;
  onClose: () => void;
}) {
  const { t } = useT('classes');
  const classes = useClassOptions(student !== null);
  const enrol = useEnrolStudent();
  const options = classes.options.filter((o) => o.value !== klass.id);
  const form = useForm({ resolver: zodResolver(MoveForm), defaultValues: { classId: '' } });

  const move = async ({ classId }: { classId: string }) => {
    if (!student) return;
    await enrol.mutateAsync({ classId, data: { studentId: student.studentId } });
    const target = options.find((o) => o.value === classId)?.label;
    toast.success(
      target
        ? t('move.done', { name: student.name, className: target })
        : t('move.doneUnnamed', { name: student.name }),
    );
  };

  return (
    <FormDialog
      open={student !== null}
      onOpenChange={(open) => !open && onClose()}
      title={student ? t('move.title', { name: student.name }) : t('move.titleUnnamed')}
      description={t('move.description', { className: klass.label })}
      size="sm"
      form={form}
      onSubmit={move}
      submitLabel={t('move.submit')}
      submitDisabled={!form.watch('classId')}
      className=""
    >
      <Select
        id="move-target"
        label={t('move.newClass')}
        placeholder={classes.isPending ? t('move.loading') : t('move.choose')}
        options={options}
        {...form.register('classId')}
      />
    </FormDialog>
  );
}
