import { useTranslation } from 'react-i18next';
import type { SupportSectionProps } from '../sections.ts';
import { FaqList } from './FaqList.tsx';
import { KbSearch } from './KbSearch.tsx';

/** Knowledge base: search with scores, and the FAQ. */
export function KbSection({ profile }: SupportSectionProps) {
  const { t } = useTranslation();
  return (
    <section className="support-stack" aria-label={t('supportDesk.sections.kb')}>
      <KbSearch profileId={profile.id} />
      <FaqList profileId={profile.id} revision={0} actions={null} />
    </section>
  );
}
