import { useState } from 'react';
import { firewallStrings } from '../strings.ts';

const s = firewallStrings.duration;

export const defaultBlockSeconds = 86_400;

/** 0 is how the appliance says "until unblocked". */
const blockDurationPresets = [
  { seconds: 3600, label: s.presets.hour },
  { seconds: 86_400, label: s.presets.day },
  { seconds: 7 * 86_400, label: s.presets.week },
  { seconds: 30 * 86_400, label: s.presets.month },
  { seconds: 0, label: s.presets.permanent },
] as const;

const customUnits = [
  { seconds: 60, label: s.units.minutes },
  { seconds: 3600, label: s.units.hours },
  { seconds: 86_400, label: s.units.days },
] as const;

interface Props {
  seconds: number;
  onChange(seconds: number): void;
  disabled?: boolean;
  label?: string;
}

/** How long a block lasts: the appliance's usual presets, or any number of minutes, hours or days. */
export function DurationPicker({ seconds, onChange, disabled, label = s.blockFor }: Props) {
  const isPreset = blockDurationPresets.some((preset) => preset.seconds === seconds);
  const [custom, setCustom] = useState(!isPreset);
  const [unit, setUnit] = useState<number>(3600);

  return (
    <span className="duration-picker">
      <select
        aria-label={label}
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
