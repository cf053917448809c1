import type { UseFormRegisterReturn } from 'react-hook-form';
import { useT } from '../../../lib/i18n/i18n';

/** The plan form's "public sign-up may start a trial on this plan" switch (docs/product.md, "Trial schools and mail"). */
export function TrialAllowedCheckbox({ registration }: { registration: UseFormRegisterReturn }) {
  const { t } = useT('plans');
  return (
    <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
      <input type="checkbox" className="size-4 rounded border-slate-300" {...registration} />
      {t('planForm.trialAllowed')}
    </label>
  );
}
