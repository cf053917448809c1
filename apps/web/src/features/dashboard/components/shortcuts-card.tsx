import type { Role } from '@lyceum/shared/roles';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { CardSection } from '../../../components/ui/card';
import { useT } from '../../../lib/i18n/i18n';

/** Where a teacher, parent or student usually goes next: their dashboard has few figures of its own yet. */
type Shortcut = 'teacherClasses' | 'teacherProfile' | 'children' | 'studentProfile';

function shortcutsFor(role: Role, userId: string): Array<{ to: string; id: Shortcut }> {
  if (role === 'teacher')
    return [
      { to: '/classes', id: 'teacherClasses' },
      { to: `/teachers/${userId}`, id: 'teacherProfile' },
    ];
  if (role === 'parent') return [{ to: '/children', id: 'children' }];
  if (role === 'student') return [{ to: `/students/${userId}`, id: 'studentProfile' }];
  return [];
}

export function ShortcutsCard({ role, userId }: { role: Role; userId: string }) {
  const { t } = useT('dashboard');
  const links = shortcutsFor(role, userId);
  if (links.length === 0) return null;
  return (
    <CardSection titleId="dashboard-shortcuts" title={t('shortcuts.title')}>
      <ul className="grid gap-3 sm:grid-cols-2">
        {links.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-4 py-3 hover:border-blue-300 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
            >
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">{t(`shortcuts.${l.id}.label`)}</span>
                <span className="block text-sm text-slate-500">{t(`shortcuts.${l.id}.hint`)}</span>
              </span>
              <ArrowRight className="size-4 rtl:-scale-x-100 shrink-0 text-slate-400" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </CardSection>
  );
}
