import multipart from '@fastify/multipart';
import { IdParams, NoContent } from '@lyceum/shared/api';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MESSAGES, Attachment } from '@lyceum/shared/files';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { binaryBody } from '../../lib/binary.ts';
import { AppError } from '../../lib/errors.ts';
import { actorOf } from '../../lib/request-actor.ts';
import { requireUploadHeader } from '../files/index.ts';
import { contentDisposition, opensInline } from './content.ts';
import { readAttachment, removeUpload, uploadAttachment } from './service.ts';

const M = ATTACHMENT_MESSAGES;

const MULTIPART_ERRORS: Record<string, AppError> = {
  FST_REQ_FILE_TOO_LARGE: new AppError('too_large', M.tooLarge),
  FST_FILES_LIMIT: new AppError('validation', M.oneFile),
  FST_PARTS_LIMIT: new AppError('validation', M.oneFile),
  FST_FIELDS_LIMIT: new AppError('validation', M.oneFile),
};

/** The one uploaded file of the request and the name the browser gave it; its declared type is ignored. */
async function singleFile(request: FastifyRequest): Promise<{ data: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', M.notMultipart);
  let file: { data: Buffer; fileName: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (file) throw new AppError('validation', M.oneFile);
      file = { data: await part.toBuffer(), fileName: part.filename ?? '' };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const known = MULTIPART_ERRORS[(err as { code?: string }).code ?? ''];
    throw known ?? new AppError('validation', M.unreadable);
  }
  if (!file || file.data.length === 0) throw new AppError('validation', M.noFile);
  return file;
}

/**
 * Attachments of announcements and messages (docs/product.md, "Attachments"): upload, take back an unsent
 * upload, and download for those who may read the parent. Downloads never run as our origin: a sandboxing
 * CSP, nosniff and (but for pictures) a download disposition.
 */
export const attachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Its own registration, so these limits (not the profile picture's) apply; enforced while streaming.
  await app.register(multipart, {
    limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 50 },
  });
  const deps = app.deps;
  const tags = ['attachments'];

  app.post(
    '/attachments',
    {
      onRequest: requireUploadHeader,
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: Attachment } },
    },
    async (request, reply) =>
      reply.status(201).send(await uploadAttachment(deps, actorOf(request), await singleFile(request))),
  );

  app.delete(
    '/attachments/:id',
    { schema: { tags, params: IdParams, response: { 204: NoContent } } },
    async (request, reply) => {
      await removeUpload(deps, actorOf(request), request.params);
      return reply.status(204).send();
    },
  );

  app.get(
    '/attachments/:id',
    {
      schema: {
        tags,
        params: IdParams,
        produces: ['application/octet-stream'],
        response: { 200: binaryBody('the file') },
      },
    },
    async (request, reply) => {
      const file = await readAttachment(deps, actorOf(request), request.params);
      const type = file.type === 'text/plain' ? 'text/plain; charset=utf-8' : file.type;
      // Access can end (an archived announcement, a member who left): browsers may keep a copy, shared caches not.
      return reply
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
        .header('content-disposition', contentDisposition(file.name, opensInline(file.type)))
        .type(type)
        .send(file.data);
    },
  );
};
