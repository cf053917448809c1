import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { useRouteTitle } from '../route-handle';

/** The one placeholder for every screen that ships in a later part of the product. */
export function NotAvailablePage() {
  const title = useRouteTitle() ?? 'This page';
  return (
    <>
      <PageHeader title={title} />
      {/* The every-page sweep recognises the placeholder by this, in any language. */}
      <Card data-page="not-available">
        <EmptyState
          icon={<Construction className="size-6" aria-hidden="true" />}
          title="Not available yet"
          description={`${title} is coming in a later release of Lyceum. Everything else in the menu keeps working in the meantime.`}
          action={
            <Link to="/dashboard" className={buttonClasses('secondary')}>
              Back to Dashboard
            </Link>
          }
        />
      </Card>
    </>
  );
}
