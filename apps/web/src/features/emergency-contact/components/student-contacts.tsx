import { dialable, type EmergencyLookupStudent } from '@lyceum/shared/emergency-contacts';
import { Pencil, Phone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LtrText } from '../../../components/ui/ltr-text';
import { useT } from '../../../lib/i18n/i18n';
import { EmergencyContactsDialog } from './emergency-contacts-dialog';

/**
 * One student's contacts in calling order, each phone a large `tel:` link (one tap calls on a phone), with
 * an Edit button for those who keep them.
 */
export function StudentContacts({
  student,
  canEdit,
  headingLevel = 3,
}: {
  student: Pick<EmergencyLookupStudent, 'studentId' | 'studentName' | 'contacts'> & { className?: string };
  canEdit: boolean;
  headingLevel?: 2 | 3;
}) {
  const { t } = useT('emergency-contact');
  const [editing, setEditing] = useState(false);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card className="p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <Heading dir="auto" className="font-semibold break-words text-slate-900">
            {student.studentName}
          </Heading>
          {student.className && (
            <p dir="auto" className="text-sm text-slate-500">
              {student.className}
            </p>
          )}
        </div>
        {canEdit && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setEditing(true)}
            aria-label={t('edit.open', { name: student.studentName })}
          >
            <Pencil className="size-4" aria-hidden="true" />
            {t('edit.button')}
          </Button>
        )}
      </div>
      {student.contacts.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('contacts.none')}</p>
      ) : (
        <ol className="mt-3 space-y-2">
          {student.contacts.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2">
              <div className="min-w-0">
                <p dir="auto" className="text-sm font-medium break-words text-slate-900">
                  {c.name}
                </p>
                <p dir="auto" className="text-xs text-slate-500">
                  {c.relationship}
                </p>
              </div>
              <a
                href={`tel:${dialable(c.phone)}`}
                aria-label={t('contacts.call', { name: c.name, phone: c.phone })}
                className="inline-flex min-h-12 items-center gap-2 rounded-lg bg-green-700 px-4 text-base font-semibold text-white hover:bg-green-800"
              >
                <Phone className="size-5" aria-hidden="true" />
                <LtrText>{c.phone}</LtrText>
              </a>
            </li>
          ))}
        </ol>
      )}
      {canEdit && (
        <EmergencyContactsDialog
          studentId={student.studentId}
          studentName={student.studentName}
          contacts={student.contacts}
          open={editing}
          onOpenChange={setEditing}
        />
      )}
    </Card>
  );
}
