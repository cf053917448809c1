import type { Role } from '@lyceum/shared/roles';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { CardSection } from '../../../components/ui/card';

/** Where a teacher, parent or student usually goes next: their dashboard has few figures of its own yet. */
function shortcutsFor(role: Role, userId: string): Array<{ to: string; label: string; hint: string }> {
  if (role === 'teacher')
    return [
      { to: '/classes', label: 'My Classes', hint: 'Rosters of the classes you teach or lead' },
      { to: `/teachers/${userId}`, label: 'My profile', hint: 'Your subjects and assigned classes' },
    ];
  if (role === 'parent')
    return [{ to: '/children', label: 'My Children', hint: 'Classes, attendance, marks and fees' }];
  if (role === 'student')
    return [{ to: `/students/${userId}`, label: 'My profile', hint: 'Your class, class teacher and parents' }];
  return [];
}

export function ShortcutsCard({ role, userId }: { role: Role; userId: string }) {
  const links = shortcutsFor(role, userId);
  if (links.length === 0) return null;
  return (
    <CardSection titleId="dashboard-shortcuts" title="Shortcuts">
      <ul className="grid gap-3 sm:grid-cols-2">
        {links.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-4 py-3 hover:border-blue-300 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
            >
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">{l.label}</span>
                <span className="block text-sm text-slate-500">{l.hint}</span>
              </span>
              <ArrowRight className="size-4 rtl:-scale-x-100 shrink-0 text-slate-400" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </CardSection>
  );
}
