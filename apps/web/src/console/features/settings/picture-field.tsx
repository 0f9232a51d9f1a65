import { useId, useState } from 'react';

/** What the contract takes for a picture: at most 256 KB of text; base64 makes a file a third larger. */
export const MAX_PICTURE_BYTES = 190 * 1024;
const PICTURE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/svg+xml',
  'image/x-icon',
  'image/vnd.microsoft.icon',
];

/** A small image file as a data: URL, or why it cannot be one. */
export function readPicture(file: File): Promise<{ url: string } | { problem: string }> {
  if (!PICTURE_TYPES.includes(file.type))
    return Promise.resolve({ problem: 'Choose a PNG, JPEG, WebP, SVG or ICO image' });
  if (file.size > MAX_PICTURE_BYTES)
    return Promise.resolve({ problem: `The image must be at most ${MAX_PICTURE_BYTES / 1024} KB` });
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ url: String(reader.result) });
    reader.onerror = () => resolve({ problem: 'The image could not be read' });
    reader.readAsDataURL(file);
  });
}

/**
 * The logo or favicon: a URL typed in, or a small image file chosen and kept as a data: URL (read
 * in the browser; nothing is uploaded apart from the settings). A thumbnail shows what it is.
 */
export function PictureField({
  label,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  value: string;
  onChange: (next: string) => void;
  error?: string | undefined;
  testId: string;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [broken, setBroken] = useState<string | null>(null);
  const isData = value.startsWith('data:');
  const shown = problem ?? error;
  return (
    <div className="field picture-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="picture-field__row">
        <span className="picture-field__thumb">
          {value && broken !== value ? (
            <img src={value} alt="" onError={() => setBroken(value)} />
          ) : (
            <span className="muted">none</span>
          )}
        </span>
        <input
          id={id}
          className="input"
          value={isData ? `Image file (${Math.round((value.length * 3) / 4 / 1024)} KB)` : value}
          readOnly={isData}
          onChange={(e) => onChange(e.target.value)}
          placeholder="https://… or /logo.png"
          aria-invalid={Boolean(shown)}
          data-testid={testId}
        />
        <label className="btn btn--small picture-field__file">
          File…
          <input
            type="file"
            accept={PICTURE_TYPES.join(',')}
            className="visually-hidden"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              const read = await readPicture(file);
              if ('problem' in read) setProblem(read.problem);
              else {
                setProblem(null);
                onChange(read.url);
              }
            }}
            data-testid={`${testId}-file`}
          />
        </label>
        {isData && (
          <button type="button" className="btn btn--small" onClick={() => onChange('')}>
            Use a URL
          </button>
        )}
      </div>
      {shown && (
        <span className="field__error" role="alert" data-testid={`${testId}-error`}>
          {shown}
        </span>
      )}
    </div>
  );
}
