import type { SessionSchool, SessionUser } from '@lyceum/shared/auth';
import { isLanguage, LANGUAGE_NAMES } from '@lyceum/shared/locale-constants';
import toast from 'react-hot-toast';
import { languageOptions } from '../../../components/locale/locale-options';
import { CardSection } from '../../../components/ui/card';
import { Select } from '../../../components/ui/select';
import { useT } from '../../../lib/i18n/i18n';
import { useSetMyLanguage } from '../api/set-my-language';

const FOLLOW = '';

/**
 * Every user's own language: one of the shipped languages, or none to follow the school's (company staff:
 * English). Saved as soon as it is picked; the fresh session switches the whole UI at once.
 */
export function LanguageCard({ user, school }: { user: SessionUser; school: SessionSchool | null }) {
  const { t } = useT('locale');
  const save = useSetMyLanguage();
  const inherited = LANGUAGE_NAMES[school?.locale.language ?? 'en'];
  const options = [
    {
      value: FOLLOW,
      label: school ? t('mine.followSchool', { language: inherited }) : t('mine.default', { language: inherited }),
    },
    ...languageOptions,
  ];

  return (
    <CardSection titleId="language-title" title={t('mine.title')} description={t('mine.description')}>
      <Select
        id="my-language"
        label={t('mine.label')}
        options={options}
        value={user.language ?? FOLLOW}
        disabled={save.isPending}
        containerClassName="sm:max-w-sm"
        onChange={(e) => {
          const value = e.target.value;
          save.mutate(
            { language: isLanguage(value) ? value : null },
            { onSuccess: () => toast.success(t('mine.saved')) },
          );
        }}
      />
    </CardSection>
  );
}
