import { ShieldOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n/i18n';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { PageHeader } from '../ui/page-header';

/** What a page shows to a role it has nothing for (the server would refuse the data anyway). */
export function NotForRole({
  title,
  description,
  action,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
  const { t } = useT('people');
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <EmptyState
          icon={<ShieldOff className="size-6" aria-hidden="true" />}
          title={t('notForRole.title')}
          description={description ?? t('notForRole.description', { page: title })}
          action={
            action ?? (
              <Link to="/dashboard" className={buttonClasses('secondary')}>
                {t('backToDashboard')}
              </Link>
            )
          }
        />
      </Card>
    </>
  );
}
