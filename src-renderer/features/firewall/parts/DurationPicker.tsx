import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { blockDurationPresets } from '../../../../src-shared/firewall-constants.ts';
import { useFormat } from '../../../ui/format.ts';

export const defaultBlockSeconds = 86_400;

/** A block's duration in words: the picker's own words for its presets (1 day, Permanent), the short form otherwise. */
export function useDurationText(): (seconds: number) => string {
  const { t } = useTranslation();
  const format = useFormat();
  return (seconds) => {
    const preset = (Object.keys(blockDurationPresets) as (keyof typeof blockDurationPresets)[]).find((name) => blockDurationPresets[name] === seconds);
    return preset ? t(`firewall.duration.presets.${preset}`) : format.duration(seconds);
  };
}

const unitSeconds = { minutes: 60, hours: 3600, days: 86_400 } as const;

interface Props {
  seconds: number;
  onChange(seconds: number): void;
  disabled?: boolean;
  label?: string;
}

/** How long a block lasts: the appliance's usual presets, or any number of minutes, hours or days. */
export function DurationPicker({ seconds, onChange, disabled, label }: Props) {
  const { t } = useTranslation();
  const presets = (Object.keys(blockDurationPresets) as (keyof typeof blockDurationPresets)[]).map((name) => ({
    seconds: blockDurationPresets[name],
    label: t(`firewall.duration.presets.${name}`),
  }));
  const customUnits = (Object.keys(unitSeconds) as (keyof typeof unitSeconds)[]).map((name) => ({ seconds: unitSeconds[name], label: t(`firewall.duration.units.${name}`) }));
  const isPreset = presets.some((preset) => preset.seconds === seconds);
  const [custom, setCustom] = useState(!isPreset);
  const [unit, setUnit] = useState<number>(3600);

  return (
    <span className="duration-picker">
      <select
        aria-label={label ?? t('firewall.duration.blockFor')}
        disabled={disabled}
        value={custom ? 'custom' : String(seconds)}
        onChange={(event) => {
          if (event.target.value === 'custom') {
            setCustom(true);
            return;
          }
          setCustom(false);
          onChange(Number(event.target.value));
        }}
      >
        {presets.map((preset) => (
          <option key={preset.seconds} value={preset.seconds}>
            {preset.label}
          </option>
        ))}
        <option value="custom">{t('firewall.duration.custom')}</option>
      </select>
      {custom && (
        <>
          <input
            type="number"
            min={1}
            aria-label={t('firewall.duration.customAmount')}
            className="duration-amount"
            disabled={disabled}
            value={Math.max(1, Math.round(seconds / unit))}
            onChange={(event) => onChange(Math.max(1, Number(event.target.value)) * unit)}
          />
          <select
            aria-label={t('firewall.duration.customUnit')}
            disabled={disabled}
            value={unit}
            onChange={(event) => {
              const next = Number(event.target.value);
              onChange(Math.max(1, Math.round(seconds / unit)) * next);
              setUnit(next);
            }}
          >
            {customUnits.map((choice) => (
              <option key={choice.seconds} value={choice.seconds}>
                {choice.label}
              </option>
            ))}
          </select>
        </>
      )}
    </span>
  );
}
