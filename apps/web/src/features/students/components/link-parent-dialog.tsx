import { zodResolver } from '../../../lib/zod-resolver';
import { LinkParentRequest, RELATIONSHIP_SUGGESTIONS } from '@lyceum/shared/people';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Select } from '../../../components/ui/select';
import { useT } from '../../../lib/i18n/i18n';
import { useLinkParent } from '../api/link-parent';
import { ParentPicker } from './parent-picker';

/** The picked parent (the submit button waits for one) and the shared relationship rule. */
const LinkForm = z.object({
  parent: z.object({ id: z.string(), name: z.string() }).nullable(),
  relationship: LinkParentRequest.shape.relationship,
});

/** Link an existing parent of the school to a student, with their relationship. */
export function LinkParentDialog({
  studentId,
  studentName,
  linkedIds,
  open,
  onOpenChange,
}: {
  studentId: string;
  studentName: string;
  linkedIds: readonly string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useT('students');
  const link = useLinkParent();
  const form = useForm({
    resolver: zodResolver(LinkForm),
    defaultValues: { parent: null, relationship: 'Guardian' },
  });
  const parent = form.watch('parent');
  const setParent = (next: { id: string; name: string } | null) => form.setValue('parent', next);

  const submit = async (values: z.output<typeof LinkForm>) => {
    if (!values.parent) return;
    await link.mutateAsync({ studentId, parentId: values.parent.id, relationship: values.relationship });
    toast.success(t('link.linked', { parent: values.parent.name, student: studentName }));
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('link.title', { name: studentName })}
      description={t('link.description')}
      form={form}
      onSubmit={submit}
      submitLabel={t('link.submit')}
      submitDisabled={!parent}
      serverFields={['relationship']}
      className=""
    >
      <div className="space-y-4">
        {parent ? (
          <p className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm">
            <span className="font-medium text-slate-900">{parent.name}</span>
            <Button size="sm" variant="ghost" onClick={() => setParent(null)}>
              {t('link.change')}
            </Button>
          </p>
        ) : (
          <ParentPicker id="link-parent-search" exclude={linkedIds} onPick={setParent} />
        )}
        <Select
          id="link-parent-relationship"
          label={t('form.relationship')}
          options={RELATIONSHIP_SUGGESTIONS.map((r) => ({ value: r, label: t(`relationships.${r}`) }))}
          error={form.formState.errors.relationship?.message}
          {...form.register('relationship')}
        />
      </div>
    </FormDialog>
  );
}
