import { useState } from 'react';
import { useCatalogSection } from '../../../ui/use-catalog-section.ts';

export const defaultBlockSeconds = 86_400;

/** 0 is how the appliance says "until unblocked". */
const presetSeconds = { hour: 3600, day: 86_400, week: 7 * 86_400, month: 30 * 86_400, permanent: 0 } as const;
const unitSeconds = { minutes: 60, hours: 3600, days: 86_400 } as const;

interface Props {
  seconds: number;
  onChange(seconds: number): void;
  disabled?: boolean;
  label?: string;
}

/** How long a block lasts: the appliance's usual presets, or any number of minutes, hours or days. */
export function DurationPicker({ seconds, onChange, disabled, label }: Props) {
  const s = useCatalogSection('firewall').duration;
  const blockDurationPresets = (Object.keys(presetSeconds) as (keyof typeof presetSeconds)[]).map((name) => ({ seconds: presetSeconds[name], label: s.presets[name] }));
  const customUnits = (Object.keys(unitSeconds) as (keyof typeof unitSeconds)[]).map((name) => ({ seconds: unitSeconds[name], label: s.units[name] }));
  const isPreset = blockDurationPresets.some((preset) => preset.seconds === seconds);
  const [custom, setCustom] = useState(!isPreset);
  const [unit, setUnit] = useState<number>(3600);

  return (
    <span className="duration-picker">
      <select
        aria-label={label ?? s.blockFor}
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
        {blockDurationPresets.map((preset) => (
          <option key={preset.seconds} value={preset.seconds}>
            {preset.label}
          </option>
        ))}
        <option value="custom">{s.custom}</option>
      </select>
      {custom && (
        <>
          <input
            type="number"
            min={1}
            aria-label={s.customAmount}
            className="duration-amount"
            disabled={disabled}
            value={Math.max(1, Math.round(seconds / unit))}
            onChange={(event) => onChange(Math.max(1, Number(event.target.value)) * unit)}
          />
          <select
            aria-label={s.customUnit}
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
