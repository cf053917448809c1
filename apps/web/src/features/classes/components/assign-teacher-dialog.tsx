import type { AssignedTeacher, ClassDetailResponse } from '@lyceum/shared/academics';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { classLabel, useTeacherSearch } from '../../../api/lookups';
import { Checkbox } from '../../../components/people/checkbox';
import { SubjectChecklist } from '../../../components/people/subject-checklist';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SearchInput } from '../../../components/ui/search-input';
import { Select } from '../../../components/ui/select';
import { useAssignTeacher } from '../api/assign-teacher';

interface AssignTeacherDialogProps {
  klass: ClassDetailResponse;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Change this teacher's subjects / class-teacher flag; absent = assign a new teacher. */
  editing?: AssignedTeacher;
}

export function AssignTeacherDialog({ klass, open, onOpenChange, editing }: AssignTeacherDialogProps) {
  const [search, setSearch] = useState('');
  const teachers = useTeacherSearch(search, open && !editing);
  const [teacherId, setTeacherId] = useState('');
  const [subjectIds, setSubjectIds] = useState<string[]>([]);
  const [isClassTeacher, setIsClassTeacher] = useState(false);
  const [lastEditing, setLastEditing] = useState<AssignedTeacher | undefined>(undefined);
  const assign = useAssignTeacher();

  // Opening for another teacher starts from that teacher's current part in the class.
  if (editing !== lastEditing) {
    setLastEditing(editing);
    setTeacherId(editing?.teacherId ?? '');
    setSubjectIds(editing?.subjects.map((s) => s.id) ?? []);
    setIsClassTeacher(editing?.isClassTeacher ?? false);
  }

  const close = () => {
    setTeacherId('');
    setSubjectIds([]);
    setIsClassTeacher(false);
    setSearch('');
    onOpenChange(false);
  };

  const assigned = new Set(klass.assignedTeachers.map((t) => t.teacherId));
  const options = (teachers.data?.items ?? [])
    .filter((t) => !assigned.has(t.id))
    .map((t) => ({ value: t.id, label: `${t.name} (${t.email})` }));

  const submit = () => {
    if (!teacherId) return;
    assign.mutate(
      { classId: klass.id, data: { teacherId, subjectIds, isClassTeacher } },
      {
        onSuccess: () => {
          toast.success(editing ? 'Assignment updated' : `Teacher assigned to ${classLabel(klass)}`);
          close();
        },
      },
    );
  };

  const currentClassTeacher =
    klass.classTeacherName && klass.classTeacherId !== teacherId ? klass.classTeacherName : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={editing ? `${editing.teacherName} in ${classLabel(klass)}` : `Assign a teacher to ${classLabel(klass)}`}
      description="Choose the subjects they teach in this class."
      preventClose={assign.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={assign.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!teacherId} loading={assign.isPending}>
            {editing ? 'Save' : 'Assign teacher'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {!editing && (
          <div className="space-y-2">
            <SearchInput id="assign-search" label="Search teachers" value={search} onChange={setSearch} />
            <Select
              id="assign-teacher"
              label="Teacher"
              placeholder={
                teachers.isPending ? 'Loading teachers…' : options.length ? 'Choose a teacher' : 'No teachers match'
              }
              options={options}
              value={teacherId}
              onChange={(e) => setTeacherId(e.target.value)}
            />
          </div>
        )}
        <SubjectChecklist
          legend="Subjects in this class"
          options={klass.subjects}
          value={subjectIds}
          onChange={setSubjectIds}
          emptyText="This class has no subjects yet. Edit the class to add them."
        />
        <Checkbox
          id="assign-class-teacher"
          label="Class teacher"
          hint={
            currentClassTeacher
              ? `Replaces ${currentClassTeacher} as the class teacher.`
              : 'Leads the class; one per class.'
          }
          checked={isClassTeacher}
          onChange={(e) => setIsClassTeacher(e.target.checked)}
        />
      </div>
    </Dialog>
  );
}
