import type { ClassDetailResponse, ClassStudent } from '@lyceum/shared/academics';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { classLabel, useClassOptions } from '../../../api/lookups';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Select } from '../../../components/ui/select';
import { useEnrolStudent } from '../api/enrol-student';

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
  const [target, setTarget] = useState('');
  const enrol = useEnrolStudent();
  const options = classes.options.filter((o) => o.value !== klass.id);

  const move = () => {
    if (!student || !target) return;
    enrol.mutate(
      { classId: target, data: { studentId: student.studentId } },
      {
        onSuccess: () => {
          toast.success(
            `${student.name} moved to ${options.find((o) => o.value === target)?.label ?? 'the new class'}`,
          );
          setTarget('');
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open={student !== null}
      onOpenChange={(open) => {
        if (!open) {
          setTarget('');
          onClose();
        }
      }}
      title={`Move ${student?.name ?? 'student'}`}
      description={`From ${classLabel(klass)} to another class. They get the next free roll number there.`}
      size="sm"
      preventClose={enrol.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={enrol.isPending}>
            Cancel
          </Button>
          <Button onClick={move} disabled={!target} loading={enrol.isPending}>
            Move student
          </Button>
        </>
      }
    >
      <Select
        id="move-target"
        label="New class"
        placeholder={classes.isPending ? 'Loading classes…' : 'Choose a class'}
        options={options}
        value={target}
        onChange={(e) => setTarget(e.target.value)}
      />
    </Dialog>
  );
}
