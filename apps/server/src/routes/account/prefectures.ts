import type { FastifyPluginAsync } from 'fastify';
import { OVERSEAS_PREF_ID, PREFECTURES, type PrefectureItem } from '@oripa/core';

/** `GET /api/user/pref_list`: prefectures in the caller's language; 99 (overseas) only in English. */
export const prefecturesRoute: FastifyPluginAsync = async (app) => {
  app.get('/user/pref_list', async (request, reply) => {
    const lang = request.lang;
    const list: PrefectureItem[] = PREFECTURES.filter((p) => lang === 'en' || p.id !== OVERSEAS_PREF_ID).map((p) => ({
      id: p.id,
      name: p[lang],
    }));
    return reply.ok({ list });
  });
};
