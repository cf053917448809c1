import { useT } from '../../lib/i18n/i18n';
import { Button } from '../ui/button';

interface PersonRowActionsProps {
  person: { name: string; isActive: boolean };
  onEdit: () => void;
  onToggle: () => void;
}

/** Edit and Deactivate/Reactivate for one row of a people list, named for the person for screen readers. */
export function PersonRowActions({ person, onEdit, onToggle }: PersonRowActionsProps) {
  const { t } = useT('people');
  const name = person.name;
  return (
    <>
      <Button size="sm" variant="ghost" onClick={onEdit} aria-label={t('row.editPerson', { name })}>
        {t('row.edit')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={onToggle}
        aria-label={person.isActive ? t('row.deactivatePerson', { name }) : t('row.reactivatePerson', { name })}
      >
        {person.isActive ? t('row.deactivate') : t('row.reactivate')}
      </Button>
    </>
  );
}
