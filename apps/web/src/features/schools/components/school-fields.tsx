import type { CompanySchool } from '@lyceum/shared/company';
import { TextField } from '../../../components/ui/field';

export interface SchoolValue {
  name: string;
  address: string;
  phone: string;
  email: string;
  principalName: string;
  logo: string;
  brandColor: string;
}

export function schoolValue(school?: CompanySchool): SchoolValue {
  return {
    name: school?.name ?? '',
    address: school?.address ?? '',
    phone: school?.phone ?? '',
    email: school?.email ?? '',
    principalName: school?.principalName ?? '',
    logo: school?.logo ?? '',
    brandColor: school?.brandColor ?? '',
  };
}

interface SchoolFieldsProps {
  idPrefix: string;
  value: SchoolValue;
  onChange: (value: SchoolValue) => void;
  errors?: Record<string, string>;
}

/** The school's own details: name, address, contacts, principal, logo and brand colour (used with White Label). */
export function SchoolFields({ idPrefix, value, onChange, errors = {} }: SchoolFieldsProps) {
  const field = (key: keyof SchoolValue, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      id={`${idPrefix}-${key}`}
      label={label}
      value={value[key]}
      onChange={(e) => onChange({ ...value, [key]: e.target.value })}
      error={errors[key]}
      {...extra}
    />
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {field('name', 'School name', { containerClassName: 'sm:col-span-2', autoComplete: 'organization' })}
      {field('address', 'Address', { containerClassName: 'sm:col-span-2', autoComplete: 'street-address' })}
      {field('phone', 'Phone', { type: 'tel' })}
      {field('email', 'Email', { type: 'email' })}
      {field('principalName', 'Principal name')}
      {field('logo', 'Logo URL', {
        placeholder: 'https://…',
        hint: 'An https:// image address; shown in the header and, with White Label, on its sign-in page.',
      })}
      {field('brandColor', 'Brand colour', {
        placeholder: '#2563eb',
        hint: 'Used when the school has the White Label add-on.',
      })}
    </div>
  );
}
