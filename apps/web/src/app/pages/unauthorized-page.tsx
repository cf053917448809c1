import { ShieldAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { useProductIdentity } from '../../features/subscription/components/school-brand';
import { useT } from '../../lib/i18n/i18n';

/** docs/product.md, "Roles and menus": the Access Denied page. */
export function UnauthorizedPage() {
  const { t } = useT();
  const title = t('pages.unauthorizedTitle');
  const product = useProductIdentity().title;
  // It sits outside the shell, which names every other page in the tab: without its own title the tab (and a
  // screen reader) would go on naming the refused page the guard sent the user away from.
  useEffect(() => {
    document.title = `${title} · ${product}`;
  }, [title, product]);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600">
          <ShieldAlert className="size-7" aria-hidden="true" />
        </div>
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">{t('errors.forbidden')}</p>
        <Link to="/dashboard" className={buttonClasses('primary', 'md', 'mt-6')}>
          {t('actions.backToDashboard')}
        </Link>
      </div>
    </main>
  );
}
