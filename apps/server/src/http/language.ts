import type { FastifyRequest } from 'fastify';
import type { Lang } from '@oripa/core';

/** The SPA keeps the chosen language in the `lang` cookie; without it, Accept-Language decides, Japanese default. */
export function requestLanguage(request: FastifyRequest): Lang {
  const cookie = request.cookies?.lang;
  if (cookie === 'en' || cookie === 'ja') return cookie;
  const header = request.headers['accept-language'] ?? '';
  return /^\s*en\b/i.test(header) ? 'en' : 'ja';
}
