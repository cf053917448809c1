import { EMAIL_MAX, NAME_MAX, PHONE_MAX, SCHOOL_ADDRESS_MAX, SCHOOL_NAME_MAX } from '@lyceum/shared/auth';
import type { CompanySchool } from '@lyceum/shared/company';
import { TextField } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n/i18n';

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
  const { t } = useT('schools');
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
      {field('name', t('fields.name'), {
        containerClassName: 'sm:col-span-2',
        autoComplete: 'organization',
        maxLength: SCHOOL_NAME_MAX,
      })}
      {field('address', t('fields.address'), {
        containerClassName: 'sm:col-span-2',
        autoComplete: 'street-address',
        maxLength: SCHOOL_ADDRESS_MAX,
      })}
      {field('phone', t('fields.phone'), { type: 'tel', maxLength: PHONE_MAX })}
      {field('email', t('fields.email'), { type: 'email', maxLength: EMAIL_MAX })}
      {field('principalName', t('fields.principalName'), { maxLength: NAME_MAX })}
      {/* An address and a colour code read left to right whatever the language. */}
      {field('logo', t('fields.logo'), {
        dir: 'ltr',
        // i18n-exempt: a sample address, the same in every language
        placeholder: 'https://…',
        hint: t('fields.logoHint'),
      })}
      {field('brandColor', t('fields.brandColor'), {
        dir: 'ltr',
        // i18n-exempt: a sample colour code
        placeholder: '#2563eb',
        hint: t('fields.brandColorHint'),
      })}
    </div>
  );
}
