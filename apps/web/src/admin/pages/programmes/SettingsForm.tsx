import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ApiReply } from '../../../api/client';
import { FieldList, type FieldDef } from '../../components/FieldList';
import { FormCard, SaveCancel } from '../../components/FormCard';
import { useConsoleForm } from '../../hooks/use-console-form';
// The console's form grid and image picker styles (shared with the catalogue's forms).
import '../cards/catalogue.css';

export interface SettingField extends FieldDef {
  kind: 'text' | 'number' | 'datetime' | 'flag' | 'image';
  /** Shown but not changeable when editing (a campaign's code names its claims). */
  fixedOnEdit?: boolean;
}
export type SettingValues = Record<string, string | boolean>;

/** The request body: flags go as '0'/'1' like every console form (the schema reads both). */
const toBody = (v: SettingValues) =>
  Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'boolean' ? (x ? '1' : '0') : x]));

/**
 * A programme setting's form (an exchange card, an SNS campaign): the core schema checks it before sending and the
 * server checks again; each refusal is shown under its field in the console's language, the rest above the form.
 */
export function SettingsForm({
  title,
  fields,
  schema,
  initial,
  editing,
  send,
  onDone,
  onCancel,
}: {
  title: string;
  fields: SettingField[];
  schema: z.ZodType;
  initial: SettingValues;
  editing: boolean;
  send: (body: Record<string, unknown>) => Promise<ApiReply>;
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin-programmes');
  const { form, isSubmitting, general, submitTo } = useConsoleForm<SettingValues, Record<string, unknown>>({
    schema,
    defaultValues: initial,
    toBody,
    fields: fields.map((f) => f.name),
  });
  const onSubmit = submitTo({ send, onSuccess: onDone });
  const fixed = new Set(fields.filter((f) => editing && f.fixedOnEdit).map((f) => f.name));
  return (
    <FormProvider {...form}>
      <FormCard title={title} general={general} onSubmit={onSubmit}>
        <div className="a-grid">
          <FieldList fields={fields} label={(name) => t(`fields.${name}`)} disabled={(name) => fixed.has(name)} />
        </div>
        <SaveCancel busy={isSubmitting} onCancel={onCancel} />
      </FormCard>
    </FormProvider>
  );
}

/** A wire time (`YYYY-MM-DD HH:mm:ss`) as a datetime-local input shows it. */
export const toLocalInput = (wire: string | null) => (wire ? wire.slice(0, 16).replace(' ', 'T') : '');
