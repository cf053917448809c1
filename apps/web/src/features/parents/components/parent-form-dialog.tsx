import { zodResolver } from '../../../lib/zod-resolver';
import { phoneSchema } from '@lyceum/shared/auth';
import { CreateParentRequest, type ParentResponse, RELATIONSHIP_SUGGESTIONS } from '@lyceum/shared/people';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { useStudentSearch } from '../../../api/lookups';
import type { CreatedAccount } from '../../../components/people/account-created-dialog';
import { InvitationCheckbox } from '../../../components/people/invitation-checkbox';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/field';
import { SearchInput } from '../../../components/ui/search-input';
import { translate, useT } from '../../../lib/i18n/i18n';
import { useCreateParent, useUpdateParent } from '../api/save-parent';

// Messages are looked up when the form validates, so they are in the language of that moment.
const relationship = z
  .string()
  .trim()
  .min(1, { error: () => translate('parents', 'form.relationshipRequired') })
  .max(40, { error: () => translate('parents', 'form.relationshipTooLong') });

export const ParentForm = z.object({
  name: CreateParentRequest.shape.name,
  email: z.string().trim(),
  phone: phoneSchema,
  relationship: z.union([z.literal(''), relationship]),
  children: z.array(z.object({ studentId: z.string(), name: z.string(), relationship })),
  sendInvitation: z.boolean(),
});
type ParentFormInput = z.input<typeof ParentForm>;
export const CreateParentForm = ParentForm.extend({ email: CreateParentRequest.shape.email });

const LIST_ID = 'parent-relationships';
const CHILD_SEARCH_ID = 'parent-child-search';

function toForm(parent?: ParentResponse): ParentFormInput {
  return {
    name: parent?.name ?? '',
    email: parent?.email ?? '',
    phone: parent?.phone ?? '',
    relationship: parent?.relationship ?? '',
    children: [],
    sendInvitation: false,
  };
}

interface ChildPickerProps {
  search: string;
  onSearch: (search: string) => void;
  /** Told of the search box's text as it is typed, before the search is made. */
  onType: (text: string) => void;
  /** The students the search found that are not linked yet. */
  items: ReadonlyArray<{ id: string; name: string; classLabel: string }>;
  pending: boolean;
  /** The search's failure, shown as one (with Retry), never as "No students match". */
  failure: unknown;
  onRetry: () => void;
  retrying: boolean;
  onPick: (s: { id: string; name: string }) => void;
  /** Said when the form is saved with a found child not linked, or before the search has answered (or after it failed). */
  error?: string;
}

function ChildPicker({
  search,
  onSearch,
  onType,
  items,
  pending,
  failure,
  onRetry,
  retrying,
  onPick,
  error,
}: ChildPickerProps) {
  const { t } = useT('parents');
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 p-3">
      <SearchInput
        id={CHILD_SEARCH_ID}
        label={t('form.searchStudents')}
        value={search}
        onChange={onSearch}
        onType={onType}
      />
      {search && failure ? (
        <ErrorState error={failure} onRetry={onRetry} retrying={retrying} />
      ) : search ? (
        <ul className="max-h-40 divide-y divide-slate-100 overflow-y-auto" aria-label={t('form.matchingStudents')}>
          {pending ? (
            <li className="py-2 text-sm text-slate-500">{t('form.searching')}</li>
          ) : items.length === 0 ? (
            <li className="py-2 text-sm text-slate-500">{t('form.noStudents')}</li>
          ) : (
            items.map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-2 py-1.5 text-sm">
                <span className="min-w-0 truncate">
                  {s.name} <span className="text-slate-500">· {s.classLabel}</span>
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onPick(s)}
                  aria-label={t('form.linkName', { name: s.name })}
                >
                  {t('form.link')}
                </Button>
              </li>
            ))
          )}
        </ul>
      ) : null}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Kept from sending: the search found a child that was not linked, or has not answered what was typed yet, and
 * saving would silently drop that child.
 */
class FoundNotLinked extends Error {}

interface ParentFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editing?: ParentResponse;
  onCreated?: (accounts: CreatedAccount[]) => void;
}

/** Create a parent (account and children with relationship) or edit their details. */
export function ParentFormDialog({ open, onOpenChange, editing, onCreated }: ParentFormDialogProps) {
  const { t } = useT('parents');
  const { t: tc } = useT();
  const create = useCreateParent();
  const update = useUpdateParent();
  const form = useForm<ParentFormInput>({
    resolver: zodResolver(editing ? ParentForm : CreateParentForm),
    values: toForm(editing),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const children = useFieldArray({ control, name: 'children' });
  const [search, setSearch] = useState('');
  // What the search box holds now: the search itself is made only once typing pauses.
  const [typed, setTyped] = useState('');
  const [notLinked, setNotLinked] = useState<string>();
  const results = useStudentSearch(search, !editing && search.length > 0);
  const linked = children.fields.map((f) => f.studentId);
  const found = search ? (results.data?.items ?? []).filter((s) => !linked.includes(s.id)) : [];

  /** Saves; resolves to the account a new parent got (null after an edit). */
  const onSubmit = async (values: ParentFormInput): Promise<CreatedAccount[] | null> => {
    if (editing) {
      await update.mutateAsync({
        id: editing.id,
        data: { name: values.name, phone: values.phone || null, relationship: values.relationship || null },
      });
      toast.success(t('form.updated'));
      return null;
    }
    // A child found but not linked would be dropped without a word: ask for Link (or a cleared search) first. So
    // would one typed and saved before the search has answered, or after it failed (docs/product.md, "Parents").
    const unanswered = typed !== search || (search !== '' && results.isPending);
    const failed = search !== '' && results.isError;
    if (unanswered || failed || found.length > 0) {
      setNotLinked(
        unanswered
          ? t('form.searchUnanswered')
          : failed
            ? t('form.searchFailed')
            : found.length === 1
              ? t('form.foundNotLinked', { name: found[0]?.name ?? '' })
              : t('form.foundNotLinkedMany'),
      );
      document.getElementById(CHILD_SEARCH_ID)?.focus();
      throw new FoundNotLinked();
    }
    const result = await create.mutateAsync({
      name: values.name,
      email: values.email,
      phone: values.phone || undefined,
      relationship: values.relationship || undefined,
      children: values.children.map((c) => ({ studentId: c.studentId, relationship: c.relationship })),
      sendInvitation: values.sendInvitation,
    });
    toast.success(t('form.added', { name: result.parent.name }));
    return [
      {
        kind: tc('roles.parent'),
        name: result.parent.name,
        email: result.parent.email,
        temporaryPassword: result.temporaryPassword,
      },
    ];
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setSearch('');
          setTyped('');
          setNotLinked(undefined);
        }
        onOpenChange(next);
      }}
      title={editing ? t('form.editTitle', { name: editing.name }) : t('actions.add')}
      description={editing ? t('form.editDescription') : t('form.createDescription')}
      size="lg"
      form={form}
      onSubmit={onSubmit}
      onSaved={(accounts) => accounts && onCreated?.(accounts)}
      submitLabel={editing ? t('form.save') : t('actions.add')}
      serverFields={['name', 'email', 'phone', 'relationship']}
      onServerError={(error) => error instanceof FoundNotLinked}
      errorToast={editing ? t('form.updateError') : t('form.addError')}
    >
      <datalist id={LIST_ID}>
        {RELATIONSHIP_SUGGESTIONS.map((r) => (
          <option key={r} value={r} />
        ))}
      </datalist>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="parent-name"
          label={t('form.name')}
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          id="parent-email"
          label={t('form.email')}
          type="email"
          autoComplete="off"
          disabled={Boolean(editing)}
          hint={editing ? t('form.emailLocked') : t('form.emailHint')}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          id="parent-phone"
          label={t('form.phone')}
          type="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          id="parent-relationship"
          label={t('form.relationship')}
          list={LIST_ID}
          hint={t('form.relationshipHint')}
          error={errors.relationship?.message}
          {...register('relationship')}
        />
      </div>
      {!editing && (
        <fieldset className="space-y-3 border-t border-slate-100 pt-4">
          <legend className="text-sm font-semibold text-slate-900">{t('columns.children')}</legend>
          {children.fields.map((field, index) => (
            <div key={field.id} className="flex flex-wrap items-end gap-2 rounded-lg bg-slate-50 p-3">
              <p className="min-w-0 flex-1 basis-40 self-center text-sm font-medium text-slate-800">{field.name}</p>
              <TextField
                id={`child-${index}-relationship`}
                label={t('form.relationship')}
                list={LIST_ID}
                containerClassName="w-40"
                error={errors.children?.[index]?.relationship?.message}
                {...register(`children.${index}.relationship`)}
              />
              <Button
                variant="ghost"
                onClick={() => children.remove(index)}
                aria-label={t('form.remove', { name: field.name })}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </div>
          ))}
          <ChildPicker
            search={search}
            onSearch={(next) => {
              setSearch(next);
              setNotLinked(undefined);
            }}
            onType={(text) => {
              setTyped(text);
              setNotLinked(undefined);
            }}
            items={found}
            pending={results.isPending}
            failure={results.isError ? results.error : null}
            onRetry={() => void results.refetch()}
            retrying={results.isFetching}
            onPick={(s) => {
              children.append({ studentId: s.id, name: s.name, relationship: 'Guardian' });
              setNotLinked(undefined);
            }}
            error={notLinked}
          />
        </fieldset>
      )}
      {!editing && (
        <div className="border-t border-slate-100 pt-4">
          <InvitationCheckbox
            id="parent-invite"
            label={t('form.invite')}
            hint={t('form.inviteHint')}
            {...register('sendInvitation')}
          />
        </div>
      )}
    </FormDialog>
  );
}
