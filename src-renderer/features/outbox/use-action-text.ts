import { useTranslation } from 'react-i18next';
import type { OutboxAction } from '../../../src-shared/contract/outbox.ts';

/** A write's action in the window's language (`outbox.actions.<code>`); the code itself if no catalog names it. */
export function useActionText(): (action: OutboxAction) => string {
  const { t } = useTranslation();
  return (action) => t(`outbox.actions.${action.code}`, { ...action.params, defaultValue: action.code });
}
