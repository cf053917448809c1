import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('rounded-xl border border-slate-200 bg-white shadow-sm', className)} {...props} />;
}

interface CardSectionProps {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Heading id, so the section can be labelled by its title. */
  titleId?: string;
}

/** A card with a titled header and padded body: the building block of settings-style pages. */
export function CardSection({ title, description, actions, children, className, titleId }: CardSectionProps) {
  return (
    <Card className={className}>
      <section aria-labelledby={titleId}>
        <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
          <div className="min-w-0">
            <h2 id={titleId} className="text-base font-semibold text-slate-900">
              {title}
            </h2>
            {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
          </div>
          {actions}
        </div>
        <div className="px-5 py-5 sm:px-6">{children}</div>
      </section>
    </Card>
  );
}
