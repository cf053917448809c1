import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';

/**
 * The button that loads a list's next page (older messages, more conversations), with the failure of that load
 * under it: the list already shown stays, and the button is there to try again.
 */
export function LoadMore({
  label,
  loading,
  failed,
  error,
  onLoad,
  className,
}: {
  label: string;
  loading: boolean;
  failed: boolean;
  error: unknown;
  onLoad: () => void;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center gap-1', className)}>
      <Button variant="secondary" size="sm" loading={loading} onClick={onLoad}>
        {label}
      </Button>
      {failed && (
        <p role="alert" className="text-xs font-medium text-red-600">
          {errorMessage(error)}
        </p>
      )}
    </div>
  );
}
