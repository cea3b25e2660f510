import { shopSettingsSchema, type ShopSettingKey, type ShopSettings } from '@oripa/core/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Field } from '../../components/Field';
import { useConsoleForm } from '../../hooks/use-console-form';
import { saveShopSettings } from '../../api/settings';
import { SaveRow } from './SaveRow';

type Values = Partial<Record<ShopSettingKey, string>>;
const pick = (s: ShopSettings, keys: readonly ShopSettingKey[]): Values =>
  Object.fromEntries(keys.map((k) => [k, s[k]]));

/**
 * A card of shop settings saved together (the core schema checks each key before sending, the server again; saving
 * is audited): its title and hint, one input per key, and `after` (what the values mean, shown under them).
 */
export function ShopSettingsForm({
  settings,
  keys,
  title,
  hint,
  label,
  input,
  after,
}: {
  settings: ShopSettings;
  keys: readonly ShopSettingKey[];
  title: string;
  hint: string;
  label: (key: ShopSettingKey) => string;
  input: InputHTMLAttributes<HTMLInputElement>;
  after?: (values: Values) => ReactNode;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const { form, register, errors, general, submitTo } = useConsoleForm<Values>({
    schema: shopSettingsSchema,
    defaultValues: pick(settings, keys),
    fields: keys,
  });
  const submit = submitTo({
    send: saveShopSettings,
    onSuccess: async (_values, reply) => {
      setSaved(true);
      form.reset(pick((reply as unknown as { settings: ShopSettings }).settings, keys));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'settings'] });
    },
  });
  return (
    <form
      className="a-card"
      onSubmit={(e) => {
        setSaved(false);
        void submit(e);
      }}
      noValidate
      aria-labelledby={`${id}-h`}
    >
      <h2 id={`${id}-h`}>{title}</h2>
      <p className="a-hint">{hint}</p>
      {keys.map((k) => (
        <Field key={k} label={label(k)} error={errors[k]} {...input} {...register(k)} />
      ))}
      {after?.(form.watch())}
      <SaveRow general={general.length > 0 ? general : undefined} saved={saved} />
    </form>
  );
}
