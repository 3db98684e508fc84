/** The icon of a project or an organization in its settings: the picture (or its initial), upload and remove. */
export interface IconPickerProps {
  iconUrl: string | null | undefined;
  /** the name whose first letter stands in for a missing icon */
  name: string;
  disabled: boolean;
  uploadLabel: string;
  removeLabel: string;
  onUpload: (file: File) => void;
  onRemove: () => void;
}

export function IconPicker({ iconUrl, name, disabled, uploadLabel, removeLabel, onUpload, onRemove }: IconPickerProps) {
  return (
    <div className="pset-icon">
      {iconUrl ? <img src={iconUrl} alt="" width={96} height={96} /> : <span className="pset-icon__none">{name.slice(0, 1)}</span>}
      <div className="pset-row">
        <label className="ms-btn">
          {uploadLabel}
          <input
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
            className="ms-visually-hidden"
            disabled={disabled}
            onChange={(e) => {
              const f = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (f) onUpload(f);
            }}
          />
        </label>
        {iconUrl && (
          <button type="button" className="ms-btn" disabled={disabled} onClick={onRemove}>
            {removeLabel}
          </button>
        )}
      </div>
    </div>
  );
}
