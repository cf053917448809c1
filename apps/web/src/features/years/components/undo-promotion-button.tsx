import type { Promotion } from '@lyceum/shared/years';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n';
import { useUndoPromotion } from '../api/years';

/**
 * "Undo promotion", asked before it runs: on the wizard's result and on the recent promotions (the latest one
 * still undoable, docs/product.md "The year-end promotion"), so leaving the result screen does not lose it.
 */
export function UndoPromotionButton({
  promotion,
  onUndone,
  size,
}: {
  promotion: Promotion;
  onUndone?: (undone: Promotion) => void;
  size?: 'sm' | 'md';
}) {
  const { t } = useT('years');
  const undo = useUndoPromotion();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size={size} onClick={() => setOpen(true)}>
        {t('wizard.undo')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('undo.title', { fromYear: promotion.fromYear, toYear: promotion.toYear })}
        description={t('undo.description')}
        confirmLabel={t('wizard.undo')}
        tone="danger"
        pending={undo.isPending}
        // A refusal because students changed since names them (the first few), so the admin can put them back.
        afterRefusal={(error) =>
          isApiError(error) && error.fields?.students ? (
            <p className="mt-2 text-sm text-slate-700">{error.fields.students}</p>
          ) : null
        }
        onConfirm={async () => {
          // A refusal rejects: the confirm dialog shows it inside itself and stays open.
          const undone = await undo.mutateAsync(promotion.id);
          setOpen(false);
          toast.success(t('wizard.undone'));
          onUndone?.(undone);
        }}
      />
    </>
  );
}
