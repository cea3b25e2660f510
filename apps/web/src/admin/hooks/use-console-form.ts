import { zodResolver } from '@hookform/resolvers/zod';
import type { DefaultValues, FieldValues, Path, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { useServerForm } from '../../hooks/account/use-server-form';

/**
 * Checks a form as the request body it becomes (`toBody`: text inputs to the wire's shape, flags to '0'/'1') with
 * the core schema the server validates that request with, so a rule lives once. Each issue lands on the field of the
 * same name as a message key (translated when shown, see adminErrorText); the submit handler receives the body as
 * the server will read it (not the schema's parsed output: dates stay text, numbers stay as typed).
 */
export function bodyResolver<TForm extends FieldValues, TBody>(
  schema: z.ZodType,
  toBody: (values: TForm) => TBody,
): Resolver<TForm, unknown, TBody> {
  const check = zodResolver(schema as z.ZodType<FieldValues, FieldValues>, undefined, {
    raw: true,
  }) as unknown as Resolver<FieldValues>;
  return async (values, context, options) => {
    const body = toBody(values);
    const { errors } = await check(body as FieldValues, context, options as never);
    return Object.keys(errors).length > 0 ? { values: {}, errors: errors as never } : { values: body, errors: {} };
  };
}

/**
 * A console form on react-hook-form: the core schema checks it before sending (focus goes to the first field in
 * error), the server's refusals land on their fields (its other messages in `general`), as in the storefront.
 * `fields` are the names the server may refuse (they are the form's own names).
 */
export function useConsoleForm<TForm extends FieldValues, TBody = TForm>({
  schema,
  defaultValues,
  toBody = (v) => v as unknown as TBody,
  fields,
}: {
  schema: z.ZodType;
  defaultValues: DefaultValues<TForm>;
  toBody?: (values: TForm) => TBody;
  fields: readonly Path<TForm>[];
}) {
  return useServerForm<TForm, TBody>({ resolver: bodyResolver(schema, toBody), defaultValues }, fields);
}
