import { zodResolver } from '../../../lib/zod-resolver';
import { type AssignedTeacher, AssignTeacherRequest, type ClassDetailResponse } from '@lyceum/shared/academics';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { useSubjectOptions, useTeacherSearch } from '../../../api/lookups';
import { Checkbox } from '../../../components/people/checkbox';
import { SubjectChecklist, withCurrentSubjects } from '../../../components/people/subject-checklist';
import { ClassLessonsWayOut } from '../../../components/timetable/lessons-way-out';
import { FormDialog } from '../../../components/ui/form-dialog';
import { SearchInput } from '../../../components/ui/search-input';
import { Select } from '../../../components/ui/select';
import { isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n';
import { useAssignTeacher } from '../api/assign-teacher';

interface AssignTeacherDialogProps {
  klass: ClassDetailResponse;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Change this teacher's subjects / class-teacher flag; absent = assign a new teacher. */
  editing?: AssignedTeacher;
}

export function AssignTeacherDialog({ klass, open, onOpenChange, editing }: AssignTeacherDialogProps) {
  const { t } = useT('classes');
  const [search, setSearch] = useState('');
  const teachers = useTeacherSearch(search, open && !editing);
  const assign = useAssignTeacher();
  const active = useSubjectOptions(open);
  // The class's active subjects, plus those the edited teacher already teaches here that were deactivated since
  // (marked, kept while ticked): nobody is newly given an inactive subject (docs/product.md, "Classes and subjects").
  const subjectOptions = withCurrentSubjects(
    active.data && klass.subjects.filter((s) => active.data.items.some((a) => a.id === s.id)),
    editing?.subjects ?? [],
  );
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
  // Refused for this teacher's lessons left of a subject being taken from them here: the way to delete them
  // shows under the subjects, as in the class form (docs/product.md, "Timetable screens").
  const [lessonsLeft, setLessonsLeft] = useState(false);
  const chosen = form.watch('subjectIds') ?? [];
  const removed = (editing?.subjects ?? []).map((s) => s.id).filter((id) => !chosen.includes(id));

  const assigned = new Set(klass.assignedTeachers.map((a) => a.teacherId));
  const options = (teachers.data?.items ?? [])
    .filter((teacher) => !assigned.has(teacher.id))
    .map((teacher) => ({ value: teacher.id, label: t('assign.option', { name: teacher.name, email: teacher.email }) }));
  // A new school's first class: no teacher exists to assign, and "No teachers match" named no way on
  // (teachers are added on the Teachers page, docs/product.md, "Teachers on a class").
  const noTeachersYet = !editing && search === '' && teachers.data?.total === 0;

  const submit = async (data: AssignTeacherRequest) => {
    await assign.mutateAsync({ classId: klass.id, data });
    toast.success(editing ? t('assign.updated') : t('assign.assigned', { className: klass.label }));
  };

  const currentClassTeacher =
    klass.classTeacherName && klass.classTeacherId !== teacherId ? klass.classTeacherName : null;

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setSearch('');
          setLessonsLeft(false);
        }
        onOpenChange(next);
      }}
      title={
        editing
          ? t('assign.editTitle', { name: editing.teacherName, className: klass.label })
          : t('assign.title', { className: klass.label })
      }
      description={t('assign.description')}
      form={form}
      onSubmit={submit}
      submitLabel={editing ? t('assign.save') : t('assign.submit')}
      submitDisabled={!teacherId}
      serverFields={['teacherId', 'subjectIds', 'isClassTeacher']}
      onServerError={(error) => {
        setLessonsLeft(isApiError(error) && error.status === 409 && Boolean(error.fields?.subjectIds));
        return false;
      }}
      className=""
    >
      <div className="space-y-4">
        {!editing && (
          <div className="space-y-2">
            <SearchInput id="assign-search" label={t('assign.search')} value={search} onChange={setSearch} />
            <Select
              id="assign-teacher"
              label={t('assign.teacher')}
              placeholder={
                teachers.isPending
                  ? t('assign.loading')
                  : options.length
                    ? t('assign.choose')
                    : noTeachersYet
                      ? t('assign.noTeachersYet')
                      : t('assign.noMatch')
              }
              options={options}
              {...form.register('teacherId')}
            />
            {noTeachersYet && (
              <p className="text-sm text-slate-600">
                {t('assign.noTeachersYetHint')}{' '}
                <Link to="/teachers" className="font-medium text-blue-700 hover:underline">
                  {t('assign.openTeachers')}
                </Link>
              </p>
            )}
          </div>
        )}
        <Controller
          control={form.control}
          name="subjectIds"
          render={({ field }) => (
            <SubjectChecklist
              ref={field.ref}
              legend={t('assign.subjects')}
              options={subjectOptions}
              value={field.value ?? []}
              onChange={field.onChange}
              emptyText={active.isPending ? t('form.loadingSubjects') : t('assign.noSubjects')}
              error={form.formState.errors.subjectIds?.message}
            />
          )}
        />
        {(teacherId || editing) && chosen.length === 0 && (
          // Saved like this the teacher is on the class but teaches nothing there (docs/product.md, "Teachers").
          <p className="text-sm text-amber-800">{t('assign.noSubjectTicked', { className: klass.label })}</p>
        )}
        {editing && lessonsLeft && removed.length > 0 && (
          <ClassLessonsWayOut
            classId={klass.id}
            className={klass.label}
            teacher={{ id: editing.teacherId, name: editing.teacherName }}
            subjectIds={removed}
          />
        )}
        <Checkbox
          id="assign-class-teacher"
          label={t('columns.classTeacher')}
          hint={
            currentClassTeacher ? t('assign.replaces', { name: currentClassTeacher }) : t('assign.classTeacherHint')
          }
          {...form.register('isClassTeacher')}
        />
      </div>
    </FormDialog>
  );
}
