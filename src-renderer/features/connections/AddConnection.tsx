import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackEnd } from '../../../src-shared/contract/profiles.ts';
import { useRunConnectionTest } from './connections-data.ts';
import { ProfileForm } from './ProfileForm.tsx';

/** A button that opens the connection form for one back end, and tests the connection once it is saved. */
export function AddConnection({ service, primary = false }: { service: BackEnd; primary?: boolean }) {
  const { t } = useTranslation();
  const runTest = useRunConnectionTest();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <button type="button" className={primary ? 'button-primary' : 'button'} onClick={() => setAdding(true)}>
        {t('firstStart.add', { service: t(`services.${service}.noun`) })}
      </button>
      {adding && (
        <ProfileForm
          service={service}
          onClose={() => setAdding(false)}
          onSaved={(saved) => {
            setAdding(false);
            void runTest(saved.id);
          }}
        />
      )}
    </>
  );
}
