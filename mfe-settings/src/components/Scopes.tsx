import type { Dispatch, SetStateAction } from 'react';
import { maskToScopes, scopeLabel, type ScopeName } from '../lib/scopes';

/** The scopes of a mask as a row of labelled tags. */
export function ScopeTags({ mask, label }: { mask: number; label?: string }) {
  return (
    <ul className="set-tags" aria-label={label}>
      {maskToScopes(mask).map((s) => (
        <li key={s} data-scope={s}>
          {scopeLabel(s)}
        </li>
      ))}
    </ul>
  );
}

/** One checkbox (name "scope") per offered scope; `value` holds the checked ones. */
export function ScopeChecklist({
  legend,
  offered,
  value,
  onChange,
}: {
  legend: string;
  offered: readonly ScopeName[];
  value: ScopeName[];
  onChange: Dispatch<SetStateAction<ScopeName[]>>;
}) {
  return (
    <fieldset className="set-scopes">
      <legend>{legend}</legend>
      {offered.map((s) => (
        <label key={s} className="set-check">
          <input
            type="checkbox"
            name="scope"
            value={s}
            checked={value.includes(s)}
            onChange={(e) => onChange((x) => (e.target.checked ? [...x, s] : x.filter((y) => y !== s)))}
          />
          {scopeLabel(s)}
        </label>
      ))}
    </fieldset>
  );
}
