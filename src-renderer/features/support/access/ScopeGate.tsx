import { cloneElement, useId } from 'react';
import type { ButtonHTMLAttributes, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupportScope } from '../../../../src-shared/contract/support.ts';
import { useSupportAccess } from './use-support-access.ts';

interface Props {
  profileId: string;
  scope: SupportScope;
  /** The control (a button, an input…) that needs the scope. */
  children: ReactElement<ButtonHTMLAttributes<HTMLElement>>;
}

/**
 * A control the key may lack the scope for: disabled, and saying which scope it needs, before the
 * user tries. While /meta has not answered, the control stays usable (the server still decides).
 */
export function ScopeGate({ profileId, scope, children }: Props) {
  const { t } = useTranslation();
  const noteId = useId();
  const allowed = useSupportAccess(profileId).allows(scope);
  if (allowed !== false) return children;
  return (
    <span className="scope-gate">
      {cloneElement(children, { disabled: true, 'aria-describedby': noteId })}
      <span id={noteId} className="scope-note">
        {t('supportDesk.access.needsScope', { scope })}
      </span>
    </span>
  );
}

/** A whole section the key may not read: says which scope it needs instead of asking the server. */
export function ScopeMissing({ scope }: { scope: SupportScope }) {
  const { t } = useTranslation();
  return (
    <div className="notice notice-warning" role="note">
      <strong>{t('supportDesk.access.sectionNeedsScope', { scope })}</strong>
      <p>{t('supportDesk.access.howToGetScope')}</p>
    </div>
  );
}
