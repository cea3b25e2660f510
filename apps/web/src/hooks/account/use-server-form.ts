import { useCallback, useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormProps } from 'react-hook-form';
import type { ApiReply } from '../../api/client';
import { applyServerErrors } from '../../lib/account/server-errors';

interface ServerSubmit<TValues> {
  /** Sends the validated values; the reply decides what happens next. */
  send: (values: TValues) => Promise<ApiReply>;
  /** State 200. */
  onSuccess: (values: TValues, reply: ApiReply) => void | Promise<void>;
  /** Any other reply, before the field errors are shown; return true when it was handled here. */
  onRefused?: (reply: ApiReply) => boolean;
}

/**
 * A react-hook-form form posting to the server: the server's first message per known field goes on that field,
 * the rest into `general` for a form-level alert (see applyServerErrors), cleared on each submit.
 */
export function useServerForm<TForm extends FieldValues, TValues = TForm>(
  options: UseFormProps<TForm, unknown, TValues>,
  fields: readonly Path<TForm>[],
  aliases?: Record<string, Path<TForm>>,
) {
  const [general, setGeneral] = useState<string[]>([]);
  const form = useForm<TForm, unknown, TValues>(options);
  const { setError, handleSubmit } = form;

  const showServerErrors = useCallback(
    (reply: ApiReply) => setGeneral(applyServerErrors(reply, setError, fields, aliases)),
    [setError, fields, aliases],
  );

  const submitTo = ({ send, onSuccess, onRefused }: ServerSubmit<TValues>) =>
    handleSubmit(async (values) => {
      setGeneral([]);
      const reply = await send(values);
      if (reply.state === 200) {
        await onSuccess(values, reply);
        return;
      }
      if (onRefused?.(reply)) return;
      showServerErrors(reply);
    });

  const { errors, isSubmitting } = form.formState;
  return { form, register: form.register, errors, isSubmitting, general, setGeneral, showServerErrors, submitTo };
}
