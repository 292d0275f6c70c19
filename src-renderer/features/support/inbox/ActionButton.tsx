import type { ButtonHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionPermission } from './use-support-access.ts';

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  permission: ActionPermission;
  label: string;
  type?: 'button' | 'submit';
}

/** A write's button: disabled when the key lacks the action's scope, with the scope named beside it. */
export function ActionButton({ permission, label, type = 'button', disabled, className = 'button', title, ...rest }: Props) {
  const { t } = useTranslation();
  const missing = permission.allowed ? undefined : t('supportInbox.needsScope', { scope: permission.scope });
  return (
    <span className="si-action">
      <button {...rest} type={type} className={className} disabled={disabled || !permission.allowed} title={missing ?? title}>
        {label}
      </button>
      {missing && <span className="si-scope-note">{missing}</span>}
    </span>
  );
}
