import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/card';
import { useT } from '../../../lib/i18n/i18n';

/** The Settings page's way to the academic years (their own page: it loads nothing on Settings itself). */
export function AcademicYearsLinkCard() {
  const { t } = useT('years');
  return (
    <CardSection title={t('settingsCard.title')} description={t('settingsCard.description')}>
      <Link to="/settings/academic-years" className={buttonClasses('secondary')}>
        {t('settingsCard.open')}
      </Link>
    </CardSection>
  );
}
