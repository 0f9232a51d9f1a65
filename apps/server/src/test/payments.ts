/** Helpers for the payment suites (ADR 33): multipart deposits as a browser's FormData sends them, bettors with chips. */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { endpoints } from '@exchange/contracts';
import type { CallResult, TestContext } from './databases.ts';

/** A real 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The first bytes of a JPEG (SOI, APP0 JFIF) and of a WebP (RIFF....WEBP), enough for their signatures. */
export const JPEG_HEAD = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0', 'latin1'), randomBytes(64)]);
export const WEBP_HEAD = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.from([0x40, 0, 0, 0]), Buffer.from('WEBPVP8 ', 'latin1'), randomBytes(64)]);

export interface FilePart {
  field?: string;
  filename: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body: text parts for the fields, then the file parts. */
export function multipartBody(fields: Record<string, string | number>, files: FilePart[] = []): { payload: Buffer; contentType: string } {
  const boundary = `----exchange${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'receipt'}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** payment/deposit as multipart, the way the web app sends a deposit with a receipt. */
export async function depositMultipart(
  ctx: TestContext,
  token: string,
  fields: Record<string, string | number>,
  files: FilePart[] = [],
  path: string = endpoints.paymentDeposit.path,
): Promise<CallResult> {
  const { payload, contentType } = multipartBody(fields, files);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
  return { statusCode: response.statusCode, json: response.json(), response };
}

export const receiptFiles = (ctx: TestContext): string[] => readdirSync(ctx.receiptsDir).sort();

/** A 12-digit UTR no other test uses. */
let utrSeq = 0;
export const nextUtr = () => `7${String(Date.now() % 1e6).padStart(6, '0')}${String(++utrSeq).padStart(5, '0')}`;

/**
 * A bettor under `agentToken` that pays online, with its first password changed and `chips`
 * rupees moved to it by the agent. Returns its id and token.
 */
export async function onlineBettor(ctx: TestContext, agentToken: string, userName: string, chips: number): Promise<{ id: number; token: string }> {
  const created = await ctx.call('agentCreateUser', { user_name: userName, password: 'First@1234', role: 'user', online_payments: true }, agentToken);
  if (created.statusCode !== 200) throw new Error(`createUser ${userName}: ${JSON.stringify(created.json)}`);
  const first = await ctx.login(userName, 'First@1234');
  const changed = await ctx.call('changePassword', { master_password: 'First@1234', new_password: 'Pay@12345', confirm_password: 'Pay@12345' }, first);
  if (changed.statusCode !== 200) throw new Error(`changePassword ${userName}: ${JSON.stringify(changed.json)}`);
  const id = created.json.data.user_id as number;
  if (chips > 0) {
    const moved = await ctx.call('agentTransferChips', { user_id: id, amount: chips, direction: 'deposit', client_ref: `fund-${userName}` }, agentToken);
    if (moved.statusCode !== 200) throw new Error(`chips to ${userName}: ${JSON.stringify(moved.json)}`);
  }
  return { id, token: await ctx.login(userName, 'Pay@12345') };
}
