import type { FastifyPluginAsync } from 'fastify';
import { zipcodeLookupSchema } from '@oripa/core';
import { parseInput } from '../../http/input.ts';
import { lookupZipcode } from '../../services/zipcode.ts';

/** `POST /api/address/zipcode {zipcode}` → {list: [{prefcode, address1, address2, address3}]}, [] when unknown. */
export const zipcodeRoute: FastifyPluginAsync = async (app) => {
  app.post('/address/zipcode', async (request, reply) => {
    const { zipcode } = parseInput(zipcodeLookupSchema, request.payload);
    return reply.ok({ list: await lookupZipcode(zipcode) });
  });
};
