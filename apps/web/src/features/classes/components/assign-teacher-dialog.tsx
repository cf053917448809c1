import { zodResolver } from '@hookform/resolvers/zod';
import { type AssignedTeacher, AssignTeacherRequest, type ClassDetailResponse } from '@lyceum/shared/academics';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { classLabel, useTeacherSearch } from '../../../api/lookups';
import { Checkbox } from '../../../components/people/checkbox';
import { SubjectChecklist } from '../../../components/people/subject-checklist';
import { FormDialog } from '../../../components/ui/form-dialog';
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
  const assign = useAssignTeacher();
  // `values`: opening for another teacher starts from that teacher's current part in the class.
  const form = useForm({
    resolver: zodResolver(AssignTeacherRequest),
    values: {
      teacherId: editing?.teacherId ?? '',
      subjectIds: editing?.subjects.map((s) => s.id) ?? [],
      isClassTeacher: editing?.isClassTeacher ?? false,
    },
  });
  const teacherId = form.watch('teacherId');

  const assigned = new Set(klass.assignedTeachers.map((t) => t.teacherId));
  const options = (teachers.data?.items ?? [])
    .filter((t) => !assigned.has(t.id))
    .map((t) => ({ value: t.id, label: `${t.name} (${t.email})` }));

  const submit = async (data: AssignTeacherRequest) => {
    await assign.mutateAsync({ classId: klass.id, data });
    toast.success(editing ? 'Assignment updated' : `Teacher assigned to ${classLabel(klass)}`);
  };

  const currentClassTeacher =
    klass.classTeacherName && klass.classTeacherId !== teacherId ? klass.classTeacherName : null;

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setSearch('');
        onOpenChange(next);
      }}
      title={editing ? `${editing.teacherName} in ${classLabel(klass)}` : `Assign a teacher to ${classLabel(klass)}`}
      description="Choose the subjects they teach in this class."
      form={form}
      onSubmit={submit}
      submitLabel={editing ? 'Save' : 'Assign teacher'}
      submitDisabled={!teacherId}
      serverFields={['teacherId', 'subjectIds', 'isClassTeacher']}
      className=""
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
              {...form.register('teacherId')}
            />
          </div>
        )}
        <Controller
          control={form.control}
          name="subjectIds"
          render={({ field }) => (
            <SubjectChecklist
              legend="Subjects in this class"
              options={klass.subjects}
              value={field.value ?? []}
              onChange={field.onChange}
              emptyText="This class has no subjects yet. Edit the class to add them."
              error={form.formState.errors.subjectIds?.message}
            />
          )}
        />
        <Checkbox
          id="assign-class-teacher"
          label="Class teacher"
          hint={
            currentClassTeacher
              ? `Replaces ${currentClassTeacher} as the class teacher.`
              : 'Leads the class; one per class.'
          }
          {...form.register('isClassTeacher')}
        />
      </div>
    </FormDialog>
  );
}
