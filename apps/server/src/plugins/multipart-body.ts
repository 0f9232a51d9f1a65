/**
 * multipart/form-data for the calls of the contracts table that take an upload (`upload` in the
 * table, ADR 33): the parser is registered in the call's own scope only, so every other call still
 * answers 415 to it. The text parts become the body the contract validates, as JSON would; the
 * one file part is read into memory up to the call's maxBytes, and flagged when more came.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';

export interface UploadedFile {
  data: Buffer;
  /** More bytes came than maxBytes: data holds only the first ones (the rest was read and dropped). */
  tooLarge: boolean;
}

export interface MultipartBody {
  fields: Record<string, unknown>;
  file: UploadedFile | undefined;
}

/** Field values are short (amounts, references, names): anything longer is not a body of ours. */
const FIELD_MAX_BYTES = 4096;
const MAX_FIELDS = 20;

export async function acceptMultipart(scope: FastifyInstance, maxBytes: number): Promise<void> {
  await scope.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: MAX_FIELDS, fieldSize: FIELD_MAX_BYTES, parts: MAX_FIELDS + 1, headerPairs: 100 },
    // A file over the limit is the handler's refusal to word (it knows what the file is for).
    throwFileSizeLimit: false,
  });
}

const refused = (message: string) => new AppError(400, 'VALIDATION_ERROR', message);

/**
 * Reads the whole request: its text parts as fields and the file part named `fileField`. Any
 * refusal is thrown only once everything is read, so the client always gets the answer.
 */
export async function readMultipartBody(request: FastifyRequest, fileField: string): Promise<MultipartBody> {
  const fields: Record<string, unknown> = {};
  let file: UploadedFile | undefined;
  let refusal: AppError | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.fieldname !== fileField) refusal ??= refused(`Unexpected file in ${part.fieldname}; send it as ${fileField}`);
      else file = { data, tooLarge: part.file.truncated };
      continue;
    }
    if (Object.hasOwn(fields, part.fieldname)) refusal ??= refused(`${part.fieldname} is given twice`);
    else if (part.valueTruncated) refusal ??= refused(`${part.fieldname} is too long`);
    fields[part.fieldname] = part.value;
  }
  if (refusal) throw refusal;
  return { fields, file };
}
