import type { ComponentProps } from 'react';
import { useSchoolMailRefusal } from '../../api/mail-verification';
import { ServerMessage } from '../ui/server-message';
import { Checkbox } from './checkbox';

/**
 * A create form's "Send an invitation e-mail" box. While the school may not send e-mail (docs/product.md, "Trial
 * schools and mail") it is shown unticked and disabled, with the server's refusal in place of its hint, which
 * tells the reader what to do or whom to ask. That box is not the form's field, which keeps its default
 * (no invitation): a disabled field would send no value.
 */
export function InvitationCheckbox({ id, label, hint, ...field }: ComponentProps<typeof Checkbox>) {
  const refusal = useSchoolMailRefusal();
  if (refusal)
    return (
      <Checkbox id={id} label={label} hint={<ServerMessage message={refusal} />} checked={false} disabled readOnly />
    );
  return <Checkbox id={id} label={label} hint={hint} {...field} />;
}
