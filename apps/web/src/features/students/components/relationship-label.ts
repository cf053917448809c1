import { RELATIONSHIP_SUGGESTIONS } from '@lyceum/shared/people';
import { useT } from '../../../lib/i18n/i18n';

type Suggestion = (typeof RELATIONSHIP_SUGGESTIONS)[number];
const isSuggestion = (value: string): value is Suggestion =>
  (RELATIONSHIP_SUGGESTIONS as readonly string[]).includes(value);

/**
 * A parent's relationship as the reader's language says it. The stored value is free text: the suggested ones
 * ("Mother", "Guardian"…) are stored in English and shown translated; anything else typed is shown as typed.
 */
export function useRelationshipLabel(): (value: string) => string {
  const { t } = useT('students');
  return (value) => (isSuggestion(value) ? t(`relationships.${value}`) : value);
}
