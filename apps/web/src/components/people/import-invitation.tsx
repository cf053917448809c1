import { useState } from 'react';
import { useSchoolMailBlocked } from '../../api/mail-verification';
import { useT } from '../../lib/i18n/i18n';
import { Checkbox } from './checkbox';

/**
 * Whether a CSV import sends invitations: yes by default (docs/product.md, "Accounts made by staff"), except
 * in a school that cannot send e-mail yet, whose import would otherwise be refused. The staff's own choice wins.
 */
export function useImportInvitation(): [boolean, (send: boolean) => void] {
  const blocked = useSchoolMailBlocked();
  const [choice, setChoice] = useState<boolean | null>(null);
  return [choice ?? !blocked, setChoice];
}

export function ImportInvitationCheckbox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (send: boolean) => void;
}) {
  const { t } = useT('people');
  return (
    <Checkbox
      id="import-invite"
      label={t('import.invite')}
      hint={t('import.inviteHint')}
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}
