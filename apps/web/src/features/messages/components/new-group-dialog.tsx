import { zodResolver } from '../../../lib/zod-resolver';
import { type Contact, CreateGroupRequest, GROUP_NAME_MAX } from '@lyceum/shared/messages';
import { UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { FieldError } from '../../../components/ui/field-error';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useT } from '../../../lib/i18n/i18n';
import { useCreateGroup } from '../api/groups-api';
import { MemberPicker } from './member-picker';

type GroupForm = z.input<typeof CreateGroupRequest>;

/** Who makes groups (docs/product.md, "Groups staff make"); they also change the groups they are in. */
export const GROUP_MAKERS: readonly string[] = ['school_admin', 'principal'];

/** The page header's `New group` button and its dialog. */
export function NewGroupButton({ onCreated }: { onCreated: (conversationId: string) => void }) {
  const { t } = useT('messages');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <UsersRound className="size-4" aria-hidden="true" />
        {t('groups.new')}
      </Button>
      <NewGroupDialog open={open} onOpenChange={setOpen} onCreated={onCreated} />
    </>
  );
}

/** Staff make a group: its name and the people in it, chosen among those they may message. */
export function NewGroupDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (conversationId: string) => void;
}) {
  const { t } = useT('messages');
  const create = useCreateGroup();
  const [people, setPeople] = useState<Contact[]>([]);
  const form = useForm<GroupForm, unknown, z.output<typeof CreateGroupRequest>>({
    resolver: zodResolver(CreateGroupRequest),
    defaultValues: { name: '', memberIds: [] },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setPeople([]);
        onOpenChange(next);
      }}
      title={t('groups.newTitle')}
      description={t('groups.newDescription')}
      form={form}
      onSubmit={(values) => create.mutateAsync(values)}
      onSaved={(group) => {
        setPeople([]);
        toast.success(t('groups.created', { name: group.title }));
        onCreated(group.id);
      }}
      submitLabel={t('groups.create')}
      serverFields={['name', 'memberIds']}
    >
      <TextField
        id="group-name"
        label={t('groups.name')}
        maxLength={GROUP_NAME_MAX}
        error={errors.name?.message}
        {...register('name')}
      />
      <Controller
        control={control}
        name="memberIds"
        render={({ field }) => (
          <fieldset className="space-y-1.5">
            <legend className="text-sm font-medium text-slate-700">{t('groups.members')}</legend>
            <MemberPicker
              ref={field.ref}
              id="group-member-search"
              selected={people}
              invalid={Boolean(errors.memberIds)}
              onChange={(next) => {
                setPeople(next);
                field.onChange(next.map((p) => p.id));
              }}
            />
            {errors.memberIds?.message && <FieldError id="group-members" message={errors.memberIds.message} />}
          </fieldset>
        )}
      />
    </FormDialog>
  );
}
