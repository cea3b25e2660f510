import type { FastifyRequest } from 'fastify';
import { fieldErrorsFromZod, parsePage } from '@oripa/core';
import type { z } from 'zod';
import { AppError, loginRequired, notFound } from '../app-error.ts';

/** Validates the request payload with a core schema; a failure is a 400 with per-field message keys. */
export function parseInput<S extends z.ZodType>(schema: S, payload: unknown): z.infer<S> {
  const result = schema.safeParse(payload);
  if (!result.success) throw new AppError('validation', fieldErrorsFromZod(result.error), 'validation');
  return result.data;
}

/** The member id of a logged-in request, or a 401 envelope. */
export function requireMember(request: FastifyRequest): number {
  if (request.session.memberId === null) throw loginRequired();
  return request.session.memberId;
}

/** A list's page number from the path or payload; a malformed one is a 400 on `page`, never a silent page 1. */
export function pageParam(raw: unknown): number {
  const page = parsePage(raw);
  if (page === null) throw AppError.validation('page', 'invalid', 'bad_page');
  return page;
}

/** A path id: digits only, else 404 (an unknown pack and a malformed id look the same to the caller). */
export function pathId(raw: string | undefined): number {
  if (!raw || !/^\d{1,15}$/.test(raw)) throw notFound();
  return Number(raw);
}
