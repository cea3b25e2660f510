import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ApiReply } from '../../../api/client';
import { Field } from '../../components/Field';
import { FormCard, SaveCancel } from '../../components/FormCard';
import { ImagePicker } from '../cards/ImagePicker';
import { replyErrors, schemaErrors, type FormErrors } from '../cards/form-errors';
// The console's form grid and image picker styles (shared with the catalogue's forms).
import '../cards/catalogue.css';

export type SettingKind = 'text' | 'number' | 'datetime' | 'flag' | 'image';
export interface SettingField {
  name: string;
  kind: SettingKind;
  /** Shown but not changeable when editing (a campaign's code names its claims). */
  fixedOnEdit?: boolean;
}
export type SettingValues = Record<string, string | boolean>;

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
  const [v, setV] = useState<SettingValues>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (name: string, value: string | boolean) => setV((prev) => ({ ...prev, [name]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Flags go as '0'/'1' like every console form; the schema reads both.
    const body = Object.fromEntries(
      Object.entries(v).map(([k, x]) => [k, typeof x === 'boolean' ? (x ? '1' : '0') : x]),
    );
    const local = schemaErrors(schema, body);
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    const reply = await send(body);
    setBusy(false);
    if (reply.state === 200) await onDone();
    else setErrors(replyErrors(reply, t('admin-common:failed')));
  }

  const error = (name: string) => (errors[name]?.[0] ? { type: 'server', message: errors[name][0] } : undefined);
  return (
    <FormCard title={title} general={errors.general ?? []} onSubmit={submit}>
      <div className="a-grid">
        {fields.map((f) => {
          const label = t(`fields.${f.name}`);
          const value = v[f.name];
          if (f.kind === 'image') {
            return (
              <div key={f.name} style={{ gridColumn: '1 / -1' }}>
                <ImagePicker
                  label={label}
                  value={value ? [String(value)] : []}
                  onChange={(urls) => set(f.name, urls[0] ?? '')}
                  max={1}
                  error={errors[f.name]}
                />
              </div>
            );
          }
          if (f.kind === 'flag') {
            return (
              <label key={f.name} className="a-check">
                <input type="checkbox" checked={Boolean(value)} onChange={(e) => set(f.name, e.target.checked)} />
                {label}
              </label>
            );
          }
          return (
            <Field
              key={f.name}
              label={label}
              type={f.kind === 'datetime' ? 'datetime-local' : 'text'}
              inputMode={f.kind === 'number' ? 'numeric' : undefined}
              value={String(value ?? '')}
              disabled={editing && f.fixedOnEdit}
              onChange={(e) => set(f.name, e.target.value)}
              error={error(f.name)}
            />
          );
        })}
      </div>
      <SaveCancel busy={busy} onCancel={onCancel} />
    </FormCard>
  );
}

/** A wire time (`YYYY-MM-DD HH:mm:ss`) as a datetime-local input shows it. */
export const toLocalInput = (wire: string | null) => (wire ? wire.slice(0, 16).replace(' ', 'T') : '');
