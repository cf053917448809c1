import multipart from '@fastify/multipart';
import { NoContent } from '@lyceum/shared/api';
import { AuthResponse } from '@lyceum/shared/auth';
import {
  FILE_MESSAGES,
  PROFILE_PICTURE_MAX_BYTES,
  SchoolFileParams,
  StaffFileParams,
  UPLOAD_CSRF_HEADER,
} from '@lyceum/shared/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { binaryBody } from '../../lib/binary.ts';
import { AppError } from '../../lib/errors.ts';
import { actorOf } from '../../lib/request-actor.ts';
import { ORPHAN_SWEEP_MS, sweepOrphanObjects } from './sweep.ts';
import { readSchoolFile, readStaffFile, removeProfilePicture, uploadProfilePicture } from './service.ts';

/**
 * A cross-site HTML form can post multipart/form-data (the global CSRF rule lets multipart through for
 * uploads); it cannot add a custom header without a CORS preflight, which this server never grants.
 */
export async function requireUploadHeader(request: FastifyRequest): Promise<void> {
  const type = request.headers['content-type'] ?? '';
  if (type.startsWith('multipart/form-data') && !request.headers[UPLOAD_CSRF_HEADER]) {
    throw new AppError('forbidden', FILE_MESSAGES.missingCsrfHeader);
  }
}

const MULTIPART_ERRORS: Record<string, AppError> = {
  FST_REQ_FILE_TOO_LARGE: new AppError('too_large', FILE_MESSAGES.tooLarge),
  FST_FILES_LIMIT: new AppError('validation', FILE_MESSAGES.oneFile),
  FST_PARTS_LIMIT: new AppError('validation', FILE_MESSAGES.oneFile),
  FST_FIELDS_LIMIT: new AppError('validation', FILE_MESSAGES.oneFile),
};

/** The one uploaded file of the request, whatever its field name; its declared name and type are ignored. */
async function singleFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', FILE_MESSAGES.notMultipart);
  let data: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (data) throw new AppError('validation', FILE_MESSAGES.oneFile);
      data = await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const known = MULTIPART_ERRORS[(err as { code?: string }).code ?? ''];
    throw known ?? new AppError('validation', FILE_MESSAGES.unreadable);
  }
  if (!data || data.length === 0) throw new AppError('validation', FILE_MESSAGES.noFile);
  return data;
}

/**
 * Object names are unique and never rewritten, so the name is a strong ETag: after the hour of cache a browser
 * revalidates and gets 304 without the bytes (the access check still runs first).
 */
function sendPicture(request: FastifyRequest, reply: FastifyReply, file: string, data: Buffer): FastifyReply {
  const etag = `"${file}"`;
  // The one-hour public cache of docs/product.md, "Files"; Vary: Cookie keeps shared caches from handing one user's copy to
  // someone without the same session (docs/decisions/005-profile-pictures.md).
  reply
    .header('cache-control', 'public, max-age=3600')
    .header('vary', 'Cookie')
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.header('content-disposition', 'inline').type('image/webp').send(data);
}

/** The stored picture's bytes, or 304 when the browser's copy (its ETag) is current. */
const pictureResponse = { 200: binaryBody('image/webp'), 304: NoContent };

/** Profile pictures (docs/product.md, "Files"): upload, remove, and serving stored pictures to those who may see them. */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here only, so no other route parses multipart; limits are enforced while streaming.
  await app.register(multipart, {
    limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 50 },
  });
  const { deps } = app;

  // Kept with the module so it starts and stops with it; several processes sweeping at once is harmless.
  const sweep = () =>
    void sweepOrphanObjects(app.deps.db, app.deps.storage, app.log).catch((err) =>
      app.log.warn({ err }, 'orphan file sweep failed'),
    );
  const sweepTimer = setInterval(sweep, ORPHAN_SWEEP_MS);
  sweepTimer.unref();
  app.addHook('onClose', async () => clearInterval(sweepTimer));

  app.post(
    '/profile/picture',
    {
      onRequest: requireUploadHeader,
      schema: { tags: ['profile'], consumes: ['multipart/form-data'], response: { 200: AuthResponse } },
    },
    async (request) => uploadProfilePicture(deps, actorOf(request), { data: await singleFile(request) }),
  );

  app.delete('/profile/picture', { schema: { tags: ['profile'], response: { 200: AuthResponse } } }, async (request) =>
    removeProfilePicture(deps, actorOf(request)),
  );

  app.get(
    '/files/schools/:schoolId/users/:userId/profile/:file',
    { schema: { tags: ['files'], params: SchoolFileParams, produces: ['image/webp'], response: pictureResponse } },
    async (request, reply) =>
      sendPicture(request, reply, request.params.file, await readSchoolFile(deps, actorOf(request), request.params)),
  );

  app.get(
    '/files/users/:userId/profile/:file',
    { schema: { tags: ['files'], params: StaffFileParams, produces: ['image/webp'], response: pictureResponse } },
    async (request, reply) =>
      sendPicture(request, reply, request.params.file, await readStaffFile(deps, actorOf(request), request.params)),
  );
};
