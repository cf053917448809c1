import { Copy, ExternalLink } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/card';
import { useAuth } from '../../../lib/auth';
import { copyWithToast } from '../../../lib/copy';
import { useT } from '../../../lib/i18n/i18n';
import { useSchoolBrand } from './school-brand';

/**
 * White Label: the school's own sign-in page, for the school admin to share with its people (the school's
 * name, logo and colour before anyone has signed in). Shown only while the school holds the add-on.
 */
export function BrandedSignInCard() {
  const { t } = useT('subscription');
  const { user } = useAuth();
  const isSchoolAdmin = user?.role === 'school_admin';
  const brand = useSchoolBrand(isSchoolAdmin);
  if (!isSchoolAdmin || !brand || !user?.schoolId) return null;
  const link = `${window.location.origin}/login?school=${user.schoolId}`;
  return (
    <CardSection
      title={t('branded.title')}
      titleId="branded-sign-in-title"
      description={t('branded.description', { school: brand.name })}
    >
      <div className="flex flex-wrap items-center gap-3">
        <code dir="ltr" className="min-w-0 text-sm font-medium break-all text-slate-900">
          {link}
        </code>
        <Button variant="secondary" size="sm" onClick={() => copyWithToast(link, t('branded.link'))}>
          <Copy className="size-4" aria-hidden="true" />
          {t('branded.copy')}
        </Button>
        <a
          href={link}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:underline"
        >
          <ExternalLink className="size-4" aria-hidden="true" />
          {t('branded.open')}
        </a>
      </div>
    </CardSection>
  );
}
