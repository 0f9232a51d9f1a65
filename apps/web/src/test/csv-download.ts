/**
 * The next CSV file a console table offers for download (DataTable's CSV button), read back in a
 * component test: jsdom has no object URLs and no downloads, so both are taken over until then.
 */
import { onTestFinished } from 'vitest';

/** Blob.text where jsdom's Blob has it, FileReader where it does not. */
function textOf(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

export function capturedCsv(): Promise<{ fileName: string; lines: string[] }> {
  const { createObjectURL, revokeObjectURL } = URL;
  const { click } = HTMLAnchorElement.prototype;
  const restore = () => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    HTMLAnchorElement.prototype.click = click;
  };
  onTestFinished(restore);
  return new Promise((resolve, reject) => {
    let file: Blob | null = null;
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => ((file = blob), 'blob:csv'),
      revokeObjectURL: () => undefined,
    });
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      const fileName = this.download;
      restore();
      if (!file) return reject(new Error('a download without a file'));
      textOf(file).then((text) => resolve({ fileName, lines: text.split('\r\n').filter(Boolean) }), reject);
    };
  });
}
