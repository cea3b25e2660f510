import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { STAFF_ROLES } from '@oripa/core/admin';
import { z } from 'zod';
import { createStaffAccount } from '../services/admin/staff.ts';

export const SANDBOX_STAFF_PASS = 'sandbox-staff-pass';

/**
 * `POST /sandbox/staff {role}` (sandbox only): a fresh staff account of a role with a password, for browser
 * journeys of the console. Its second factor is set up by the journey itself through the real sign-in steps.
 */
export const sandboxStaff: FastifyPluginAsync = async (app) => {
  app.post('/staff', async (request, reply) => {
    const parsed = z.object({ role: z.enum(STAFF_ROLES) }).safeParse(request.body ?? {});
    if (!parsed.success) return reply.code(400).send({ error: `expected {"role": ${STAFF_ROLES.join('|')}}` });
    const mail = `staff.${randomBytes(6).toString('hex')}@example.test`;
    const role = parsed.data.role;
    const { id } = await createStaffAccount(app.ctx, {
      mail,
      name: `${role} sandbox`,
      role,
      password: SANDBOX_STAFF_PASS,
    });
    return { id, mail, pass: SANDBOX_STAFF_PASS, role };
  });
};
