import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileView } from '../../../src-shared/contract/profiles.ts';
import { profileWithSite, useRunConnectionTest, useSaveProfile } from '../connections/index.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';

interface Props {
  profile: ProfileView;
  /** The sites the server listed for the key, more than one. */
  sites: string[];
  /** The site the server answered for, first offered. */
  answered: string;
}

/** A support connection saved without a site, whose server lists several: the analyst picks one. */
export function SiteChoice({ profile, sites, answered }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveProfile();
  const runTest = useRunConnectionTest();
  const [site, setSite] = useState(sites.includes(answered) ? answered : sites[0]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!site) return;
    // The save takes this choice off the row, so its own callbacks may never run: the test follows the promise.
    save.mutateAsync(profileWithSite(profile, site)).then(
      (saved) => void runTest(saved.id, true),
      () => undefined,
    );
  };
  return (
    <form className="site-choice" onSubmit={submit}>
      <p>{t('settings.row.chooseSite')}</p>
      <label htmlFor={id}>{t('settings.form.site')}</label>
      <select id={id} value={site} onChange={(event) => setSite(event.target.value)}>
        {sites.map((listed) => (
          <option key={listed} value={listed}>
            {listed}
          </option>
        ))}
      </select>
      <button type="submit" className="button-primary" disabled={save.isPending}>
        {t('settings.row.useSite')}
      </button>
      {save.error && <ErrorNotice error={save.error} />}
    </form>
  );
}
