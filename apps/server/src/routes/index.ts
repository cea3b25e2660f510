import type { FastifyPluginAsync } from 'fastify';

// Every /api resource is one plugin file; add new ones here.
export const apiRoutes: FastifyPluginAsync[] = [];
