import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { useT } from '../../lib/i18n/i18n';
import { useRouteTitle } from '../route-handle';

/** The one placeholder for every screen that ships in a later part of the product. */
export function NotAvailablePage() {
  const { t } = useT();
  const title = useRouteTitle() ?? t('pages.thisPage');
  return (
    <>
      <PageHeader title={title} />
      {/* The every-page sweep recognises the placeholder by this, in any language. */}
      <Card data-page="not-available">
        <EmptyState
          icon={<Construction className="size-6" aria-hidden="true" />}
          title={t('pages.notAvailableTitle')}
          description={t('pages.notAvailableDescription', { title })}
          action={
            <Link to="/dashboard" className={buttonClasses('secondary')}>
              {t('actions.backToDashboard')}
            </Link>
          }
        />
      </Card>
    </>
  );
}
