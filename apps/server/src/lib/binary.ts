import { z } from 'zod';

/**
 * A response sent as raw bytes (a PDF, a picture): Fastify sends a Buffer as it is, so this schema only
 * documents the body in OpenAPI.
 */
export function binaryBody(mediaType: string) {
  return z
    .custom<Buffer>((value) => Buffer.isBuffer(value))
    .meta({ type: 'string', format: 'binary', description: mediaType });
}
