import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupportSectionProps } from '../section.ts';
import { AddFaq } from './AddFaq.tsx';
import { FaqList } from './FaqList.tsx';
import { KbSearch } from './KbSearch.tsx';

/** Knowledge base: search with scores, and the FAQ with its "add an entry". */
export function KbSection({ profile }: SupportSectionProps) {
  const { t } = useTranslation();
  const [revision, setRevision] = useState(0);
  const added = useCallback(() => setRevision((value) => value + 1), []);
  return (
    <section className="support-stack" aria-label={t('supportDesk.sections.kb')}>
      <KbSearch profileId={profile.id} />
      <FaqList profileId={profile.id} revision={revision} actions={<AddFaq profileId={profile.id} onAdded={added} />} />
    </section>
  );
}
