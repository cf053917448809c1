import type { SchoolRole } from '@lyceum/shared/roles';
import { useT } from '../../../lib/i18n/i18n';

export function useRoleLabel() {
  const { t } = useT('messages');
  return (role: SchoolRole) => t(`roles.${role}`);
}
