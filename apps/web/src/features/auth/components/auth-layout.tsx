import { PRODUCT_TITLE } from '@lyceum/shared/constants';
import type { SchoolBrand } from '@lyceum/shared/company';
import { GraduationCap } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { LanguageSelect } from '../../../components/ui/language-select';
import { cn } from '../../../lib/cn';

interface AuthLayoutProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Wider card for forms with more to show (the plan choice of school signup). */
  wide?: boolean;
  /** White Label: the school's name and logo replace the product's (the caller themes the colours). */
  brand?: SchoolBrand | null;
}

/** The centred card every public page sits in, with the language picker above it (a visitor has no account language yet). */
export function AuthLayout({ title, description, children, footer, wide, brand }: AuthLayoutProps) {
  const name = brand?.name ?? PRODUCT_TITLE;
  useEffect(() => {
    document.title = `${title} · ${name}`;
  }, [title, name]);

  return (
    <div className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-slate-100 to-slate-50 px-4 py-10 sm:justify-center">
      <main className={cn('w-full', wide ? 'max-w-2xl' : 'max-w-md')}>
        <div className="mb-4 flex justify-end">
          <LanguageSelect />
        </div>
        <div className="mb-6 flex items-center justify-center gap-2 text-slate-900">
          {brand?.logo ? (
            <img src={brand.logo} alt="" className="size-10 rounded-xl object-contain" />
          ) : (
            <span className="flex size-10 items-center justify-center rounded-xl bg-blue-600 text-white shadow-sm">
              <GraduationCap className="size-6" aria-hidden="true" />
            </span>
          )}
          <span className="text-2xl font-semibold tracking-tight">{name}</span>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
          {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-6 space-y-2 text-center text-sm text-slate-600">{footer}</div>}
      </main>
    </div>
  );
}

export const linkClass = 'font-medium text-blue-700 hover:text-blue-800 hover:underline';
