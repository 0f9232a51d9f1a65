import { useEffect, useId, useState } from 'react';
import { RECEIPT_ACCEPT, readAsDataUrl, receiptProblem } from '../lib/receipt';

const fileSize = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${Math.ceil(bytes / 1024)} KB`
      : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * The payment's screenshot, optional: a PNG, JPEG or WebP of at most 5 MB, checked when chosen.
 * Shows a preview with the file's name and size, and Remove.
 */
export function ReceiptField({
  file,
  onChange,
  disabled,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    let live = true;
    readAsDataUrl(file).then(
      (url) => live && setPreview({ file, url }),
      () => live && setProblem('The receipt could not be read'),
    );
    return () => {
      live = false;
    };
  }, [file]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const why = receiptProblem(chosen);
    setProblem(why);
    onChange(why ? null : chosen);
  };

  return (
    <div className="field">
      <span className="field__label" id={`${id}-label`}>
        Payment screenshot <span className="muted">(optional)</span>
      </span>
      {file ? (
        <div className="receipt" data-testid="deposit-receipt">
          {preview?.file === file && (
            <img
              className="receipt__image"
              src={preview.url}
              alt="Receipt preview"
              data-testid="deposit-receipt-preview"
            />
          )}
          <div className="receipt__about">
            <span className="receipt__name">{file.name}</span>
            <span className="muted">{fileSize(file.size)}</span>
            <button
              type="button"
              className="btn btn--small"
              onClick={() => onChange(null)}
              disabled={disabled}
              data-testid="deposit-receipt-remove"
            >
              Remove
            </button>
          </div>
        </div>
      ) : (
        <label className="receipt-drop" htmlFor={id}>
          <input
            id={id}
            className="visually-hidden"
            type="file"
            accept={RECEIPT_ACCEPT}
            aria-labelledby={`${id}-label`}
            disabled={disabled}
            onChange={(e) => {
              choose(e.target.files?.[0]);
              // The same file chosen again after Remove still fires a change.
              e.target.value = '';
            }}
            data-testid="deposit-receipt-input"
          />
          <span className="receipt-drop__action">Upload screenshot</span>
          <span className="muted">PNG, JPEG or WebP, up to 5 MB</span>
        </label>
      )}
      {problem && (
        <span className="field__error" role="alert" data-testid="deposit-receipt-error">
          {problem}
        </span>
      )}
    </div>
  );
}
