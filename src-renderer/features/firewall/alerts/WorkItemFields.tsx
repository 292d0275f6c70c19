import { useTranslation } from 'react-i18next';
import type { ProfileView } from '../../../../src-shared/contract/profiles.ts';
import type { knownWorkPriorities } from '../../../../src-shared/contract/support.ts';

const priorities: readonly (typeof knownWorkPriorities)[number][] = ['low', 'normal', 'high', 'urgent'];

export interface WorkItemValues {
  supportProfileId: string;
  title: string;
  description: string;
  priority: string;
}

interface Props {
  supportProfiles: readonly ProfileView[];
  values: WorkItemValues;
  onChange(change: Partial<WorkItemValues>): void;
  /** What the description holds here: the alert's fields, or a preview of many alerts. */
  description: { label: string; rows: number; className?: string };
}

/** A work item made from alerts: the support connection it goes to (when there is a choice), its title, description and priority. */
export function WorkItemFields({ supportProfiles, values, onChange, description }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {supportProfiles.length > 1 && (
        <label className="field">
          <span className="field-label">{t('address.linked.supportConnection')}</span>
          <select value={values.supportProfileId} onChange={(event) => onChange({ supportProfileId: event.target.value })}>
            {supportProfiles.map((profile) => (
              <option key={profile.id} value={profile.id}>
                {profile.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="field">
        <span className="field-label">{t('support.work.title')}</span>
        <input value={values.title} required maxLength={200} onChange={(event) => onChange({ title: event.target.value })} />
      </label>
      <label className="field">
        <span className="field-label">{description.label}</span>
        <textarea
          className={description.className}
          value={values.description}
          rows={description.rows}
          maxLength={10_000}
          onChange={(event) => onChange({ description: event.target.value })}
        />
      </label>
      <label className="field">
        <span className="field-label">{t('support.work.priority')}</span>
        <select value={values.priority} onChange={(event) => onChange({ priority: event.target.value })}>
          {priorities.map((value) => (
            <option key={value} value={value}>
              {t(`support.workPriority.${value}`)}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
