import type { UseFormRegisterReturn } from 'react-hook-form';

/** The plan form's "public sign-up may start a trial on this plan" switch (docs/product.md, "Trial schools and mail"). */
export function TrialAllowedCheckbox({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
      <input type="checkbox" className="size-4 rounded border-slate-300" {...registration} />
      Offer as a free trial at sign-up
    </label>
  );
}
