import { Button } from '../ui/button';

interface PersonRowActionsProps {
  person: { name: string; isActive: boolean };
  onEdit: () => void;
  onToggle: () => void;
}

/** Edit and Deactivate/Reactivate for one row of a people list, named for the person for screen readers. */
export function PersonRowActions({ person, onEdit, onToggle }: PersonRowActionsProps) {
  const toggle = person.isActive ? 'Deactivate' : 'Reactivate';
  return (
    <>
      <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit ${person.name}`}>
        Edit
      </Button>
      <Button size="sm" variant="ghost" onClick={onToggle} aria-label={`${toggle} ${person.name}`}>
        {toggle}
      </Button>
    </>
  );
}
