import { zodResolver } from '@hookform/resolvers/zod';
import type { ClassDetailResponse, ClassStudent } from '@lyceum/shared/academics';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { classLabel, useClassOptions } from '../../../api/lookups';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Select } from '../../../components/ui/select';
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
  const classes = useClassOptions(student !== null);
  const enrol = useEnrolStudent();
  const options = classes.options.filter((o) => o.value !== klass.id);
  const form = useForm({ resolver: zodResolver(MoveForm), defaultValues: { classId: '' } });

  const move = async ({ classId }: { classId: string }) => {
    if (!student) return;
    await enrol.mutateAsync({ classId, data: { studentId: student.studentId } });
    toast.success(`${student.name} moved to ${options.find((o) => o.value === classId)?.label ?? 'the new class'}`);
  };

  return (
    <FormDialog
      open={student !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Move ${student?.name ?? 'student'}`}
      description={`From ${classLabel(klass)} to another class. They get the next free roll number there.`}
      size="sm"
      form={form}
      onSubmit={move}
      submitLabel="Move student"
      submitDisabled={!form.watch('classId')}
      className=""
    >
      <Select
        id="move-target"
        label="New class"
        placeholder={classes.isPending ? 'Loading classes…' : 'Choose a class'}
        options={options}
        {...form.register('classId')}
      />
    </FormDialog>
  );
}
