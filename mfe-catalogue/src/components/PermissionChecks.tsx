import { toggleBit } from '../project/settings/lib';

/** A team member's permission bits as a group of labelled checkboxes (project and organization settings). */
export interface PermissionChecksProps<N extends string> {
  legend: string;
  names: readonly N[];
  bits: Readonly<Record<N, number>>;
  value: number;
  onChange: (value: number) => void;
  label: (name: N) => string;
  disabled: boolean;
}

export function PermissionChecks<N extends string>({ legend, names, bits, value, onChange, label, disabled }: PermissionChecksProps<N>) {
  return (
    <fieldset className="pset-perms" disabled={disabled}>
      <legend>{legend}</legend>
      {names.map((name) => (
        <label key={name} className="pset-check">
          <input
            type="checkbox"
            data-bit={name}
            checked={(value & bits[name]) === bits[name]}
            onChange={(e) => onChange(toggleBit(value, bits[name], e.target.checked))}
          />{' '}
          {label(name)}
        </label>
      ))}
    </fieldset>
  );
}
