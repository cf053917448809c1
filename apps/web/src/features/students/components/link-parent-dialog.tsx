import { RELATIONSHIP_SUGGESTIONS } from '@lyceum/shared/people';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Select } from '../../../components/ui/select';
import { useLinkParent } from '../api/link-parent';
import { ParentPicker } from './parent-picker';

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
  const [parent, setParent] = useState<{ id: string; name: string } | null>(null);
  const [relationship, setRelationship] = useState<string>('Guardian');
  const link = useLinkParent();

  const close = () => {
    setParent(null);
    onOpenChange(false);
  };

  const submit = () => {
    if (!parent) return;
    link.mutate(
      { studentId, parentId: parent.id, relationship },
      {
        onSuccess: () => {
          toast.success(`${parent.name} linked to ${studentName}`);
          close();
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={`Link a parent to ${studentName}`}
      description="New parents are added on the Parents page or when adding a student."
      preventClose={link.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={link.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!parent} loading={link.isPending}>
            Link parent
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {parent ? (
          <p className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm">
            <span className="font-medium text-slate-900">{parent.name}</span>
            <Button size="sm" variant="ghost" onClick={() => setParent(null)}>
              Change
            </Button>
          </p>
        ) : (
          <ParentPicker id="link-parent-search" exclude={linkedIds} onPick={setParent} />
        )}
        <Select
          id="link-parent-relationship"
          label="Relationship"
          options={RELATIONSHIP_SUGGESTIONS.map((r) => ({ value: r, label: r }))}
          value={relationship}
          onChange={(e) => setRelationship(e.target.value)}
        />
      </div>
    </Dialog>
  );
}
