/** A file drop zone for the version forms. */
import { useState, type DragEvent } from 'react';
import { useT } from '@modshelf/web-kit';

/** A drop zone that also opens the file picker. */
export function FileDrop({ onFiles, label }: { onFiles: (files: File[]) => void; label: string }) {
  const t = useT();
  const [over, setOver] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const files = [...e.dataTransfer.files];
    if (files.length) onFiles(files);
  };
  return (
    <div
      className={`pset-drop${over ? ' pset-drop--over' : ''}`}
      data-testid="file-drop"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <p>{t('version.dropHint', 'Drag and drop files here, or')}</p>
      <label className="ms-btn">
        {label}
        <input
          type="file"
          multiple
          className="ms-visually-hidden"
          onChange={(e) => {
            const files = [...(e.currentTarget.files ?? [])];
            e.currentTarget.value = '';
            if (files.length) onFiles(files);
          }}
        />
      </label>
    </div>
  );
}
