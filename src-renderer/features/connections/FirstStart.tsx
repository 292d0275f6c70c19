import { useTranslation } from 'react-i18next';
import type { BackEnd } from '../../../src-shared/contract/profiles.ts';
import { AddConnection } from './AddConnection.tsx';

/** The back ends in the order a security analyst's day meets them. */
const joined: readonly BackEnd[] = ['firewall', 'support', 'gateway'];

/**
 * What every view shows while OpsDesk has no connection at all: what it joins, and the way to add
 * the first one right there (the view's own back end offered first).
 */
export function FirstStart({ service }: { service: BackEnd }) {
  const { t } = useTranslation();
  return (
    <div className="view first-start">
      <h1>{t('firstStart.title')}</h1>
      <p className="muted">{t('firstStart.intro')}</p>
      <ul className="first-start-list">
        {joined.map((candidate) => (
          <li key={candidate}>
            <div>
              <strong>{t(`services.${candidate}.title`)}</strong>
              <p>{t(`firstStart.gives.${candidate}`)}</p>
            </div>
            <AddConnection service={candidate} primary={candidate === service} />
          </li>
        ))}
      </ul>
      <p className="muted">{t('firstStart.later')}</p>
    </div>
  );
}
