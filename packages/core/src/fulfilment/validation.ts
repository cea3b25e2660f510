import { z } from 'zod';
import { msg } from '../i18n/messages.ts';
import { idField } from '../validation/fields.ts';
import { listQuerySchema } from '../admin/validation.ts';
import { CARRIER_KEYS, isCarrier, normalizeTrackingNumber } from './carriers.ts';
import { trackingNumberProblem } from './check-digits.ts';
import { CARRIER_FILES, YAMATO_SERVICES, type YamatoService } from './layouts.ts';
import { SHIPMENT_STATUSES } from './status.ts';

/** The most shipments one request names (bulk moves, pick lists, exports). */
export const MAX_SHIPMENT_IDS = 500;

const statusField = z.enum(SHIPMENT_STATUSES, { error: 'invalid' });
const carrierField = z.enum(CARRIER_KEYS as [string, ...string[]], { error: 'invalid' });

/** A list of ids as an array or a comma list (a GET query). */
const idsField = z
  .union([z.array(z.union([z.string(), z.number()])), z.string().transform((s) => s.split(',').filter(Boolean))], {
    error: 'invalid',
  })
  .pipe(z.array(idField).max(MAX_SHIPMENT_IDS, 'invalid'));

export const SHIPMENT_SORT_KEYS = ['id', 'updated_at', 'status'] as const;
export const shipmentQueueSchema = listQuerySchema(SHIPMENT_SORT_KEYS, 'id').extend({
  status: z.union([z.literal(''), statusField]).default(''),
  q: z
    .string({ error: 'notString' })
    .trim()
    .max(100, msg('tooLong', { max: 100 }))
    .default(''),
});
export type ShipmentQueueInput = z.infer<typeof shipmentQueueSchema>;

/** Which shipments a pick list or export takes: the named ones, else every one in a status. */
export const shipmentPickSchema = z
  .object({ ids: idsField.optional(), status: statusField.optional() })
  .refine((v) => (v.ids?.length ?? 0) > 0 || v.status !== undefined, {
    path: ['ids'],
    message: 'shipmentsNoneSelected',
  });

/** Parcels on one page of a status's pick list: a printable batch (issue 21: every parcel, a page at a time). */
export const PICK_LIST_PAGE = 200;
export const MAX_PICK_LIST_PAGE = 500;

/** A pick list: what it takes, and for a status the page (`after`: the last id of the previous page). */
export const pickListSchema = z.intersection(
  shipmentPickSchema,
  z.object({
    after: z.coerce
      .number({ error: 'invalid' })
      .int('invalid')
      .min(0, 'invalid')
      .max(Number.MAX_SAFE_INTEGER, 'invalid')
      .default(0),
    per_page: z.coerce
      .number({ error: 'invalid' })
      .int('invalid')
      .min(10, 'invalid')
      .max(MAX_PICK_LIST_PAGE, 'invalid')
      .default(PICK_LIST_PAGE),
  }),
);

export const carrierExportSchema = z.intersection(
  shipmentPickSchema,
  z.object({
    format: z.enum(CARRIER_FILES, { error: 'invalid' }),
    service: z
      .enum(Object.keys(YAMATO_SERVICES) as [YamatoService, ...YamatoService[]], { error: 'invalid' })
      .default('takkyubin'),
    customer_code: z
      .string({ error: 'notString' })
      .trim()
      .regex(/^(\d{10,12})?$/, 'invalid')
      .optional(),
  }),
);

export const shipmentMoveSchema = z.object({
  ids: idsField.refine((v) => v.length > 0, 'shipmentsNoneSelected'),
  to: statusField,
  expected_lines: z.record(z.string(), z.number().int().min(0)).optional(),
  note: z
    .string({ error: 'notString' })
    .trim()
    .max(500, msg('tooLong', { max: 500 }))
    .optional(),
  carrier: carrierField.optional(),
  tracking_number: z.string({ error: 'notString' }).trim().max(40, 'trackingNumberInvalid').optional(),
});
export type ShipmentMoveInput = z.infer<typeof shipmentMoveSchema>;

const trackingNumberField = z.string({ error: 'notString' }).trim().min(1, 'required').max(40, 'trackingNumberInvalid');

/**
 * The number's shape and check digit for its carrier (check-digits.ts), on the number's field: the console says so
 * as the number is typed, and the server refuses it with the same words (recordTracking checks again, for moves).
 */
function checkTrackingNumber(v: { carrier: string; tracking_number: string }, ctx: z.RefinementCtx) {
  // Zod runs this even when a field failed above: a number already refused (empty, too long) says nothing more.
  const n = v.tracking_number;
  if (!isCarrier(v.carrier) || typeof n !== 'string' || n === '' || n.length > 40) return;
  const problem = trackingNumberProblem(v.carrier, normalizeTrackingNumber(n));
  if (problem === null) return;
  const message = problem === 'shape' ? 'trackingNumberInvalid' : 'trackingNumberCheckDigit';
  ctx.addIssue({ code: 'custom', path: ['tracking_number'], message });
}

/** One parcel's carrier and tracking number as the console's single entry gives them. */
export const trackingNumberSchema = z
  .object({ carrier: carrierField, tracking_number: trackingNumberField })
  .superRefine(checkTrackingNumber);

export const trackingEntrySchema = z
  .object({ id: idField, carrier: carrierField, tracking_number: trackingNumberField })
  .superRefine(checkTrackingNumber);
export type TrackingEntryInput = z.infer<typeof trackingEntrySchema>;

/** The import file travels base64-encoded in the form's JSON (Shift_JIS bytes survive untouched). */
export const trackingImportSchema = z.object({
  file: z
    .string({ error: 'notString' })
    .min(1, 'required')
    .max(800_000, 'tooLarge')
    .regex(/^[A-Za-z0-9+/=\s]*$/, 'trackingCsvEncoding'),
  carrier: carrierField.default('yamato'),
});
