import { RECEIPT_MAX_BYTES, RECEIPT_TYPES } from '@exchange/contracts';

/** What the file picker offers: the receipt types the server takes. */
export const RECEIPT_ACCEPT = RECEIPT_TYPES.join(',');
const MAX_MB = RECEIPT_MAX_BYTES / (1024 * 1024);

/**
 * Why a chosen file cannot go as the receipt, in words; null when it can. Checked before sending
 * so a bettor on a slow line does not upload 20 MB to be told no; the server checks it again.
 */
export function receiptProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(RECEIPT_TYPES as readonly string[]).includes(file.type))
    return 'The receipt must be a PNG, JPEG or WebP image';
  if (file.size > RECEIPT_MAX_BYTES) return `The receipt must be at most ${MAX_MB} MB`;
  if (file.size === 0) return 'The receipt file is empty';
  return null;
}

/** The file as a data URL, for its preview (FileReader: no object URL to revoke). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The receipt could not be read'));
    reader.readAsDataURL(file);
  });
}
