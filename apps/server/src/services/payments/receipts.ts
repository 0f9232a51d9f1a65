/**
 * Deposit receipts (ADR 33): an image the bettor uploads with a deposit, checked by its first
 * bytes (never by the name or the declared type), kept under the data folder's receipts/ with a
 * random name (never under the web root, never served as a file), read back by the agent as a
 * data URL.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RECEIPT_MAX_BYTES } from '@exchange/contracts';
import { AppError } from '../../lib/errors.ts';

/** A file part as the multipart reader hands it over. */
export interface UploadedFile {
  data: Buffer;
  /** More bytes came than the endpoint's maxBytes: data holds only the first ones. */
  tooLarge: boolean;
}

export interface Receipt {
  data: Buffer;
  mime: 'image/png' | 'image/jpeg' | 'image/webp';
}

const EXTENSION: Record<Receipt['mime'], string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
const MIME_OF_EXTENSION = new Map(Object.entries(EXTENSION).map(([mime, ext]) => [ext, mime as Receipt['mime']]));
/** Only names this module made: a stored name can never reach outside the folder. */
const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type by its signature, or null. */
export function sniffImage(data: Buffer): Receipt['mime'] | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG)) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const invalid = (message: string) => new AppError(400, 'RECEIPT_INVALID', message);

/**
 * The receipt of an upload, or undefined when none was sent (an empty file part is what a form
 * sends when no file was chosen). Refused with RECEIPT_INVALID when too large or not an image.
 */
export function checkReceipt(file: UploadedFile | undefined): Receipt | undefined {
  if (!file || (file.data.length === 0 && !file.tooLarge)) return undefined;
  if (file.tooLarge || file.data.length > RECEIPT_MAX_BYTES) {
    throw invalid(`The receipt must be at most ${RECEIPT_MAX_BYTES / (1024 * 1024)} MB`);
  }
  const mime = sniffImage(file.data);
  if (!mime) throw invalid('The receipt must be a PNG, JPEG or WebP image');
  return { data: file.data, mime };
}

/** Writes the receipt under a new random name in dir (created if missing); returns the name. */
export async function storeReceipt(dir: string, receipt: Receipt): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${randomBytes(16).toString('hex')}.${EXTENSION[receipt.mime]}`;
  // 'wx': never over an existing file; readable by the server's user only.
  await writeFile(join(dir, name), receipt.data, { flag: 'wx', mode: 0o600 });
  return name;
}

/** Removes a receipt written for a request that was not recorded (a repeat, a refusal). */
export async function removeReceipt(dir: string, name: string): Promise<void> {
  if (!STORED_NAME.test(name)) return;
  await unlink(join(dir, name)).catch(() => undefined);
}

/** The stored receipt as a data URL; null when the file is gone. */
export async function readReceipt(dir: string, name: string): Promise<{ mime: string; data_url: string } | null> {
  const match = STORED_NAME.exec(name);
  if (!match) return null;
  const mime = MIME_OF_EXTENSION.get(match[1]!)!;
  try {
    const data = await readFile(join(dir, name));
    return { mime, data_url: `data:${mime};base64,${data.toString('base64')}` };
  } catch {
    return null;
  }
}
