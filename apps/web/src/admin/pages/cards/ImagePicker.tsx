import { useId, useState } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { adminErrorText } from '../../components/Field';
import { uploadImage } from '../../api/catalogue';

/**
 * Uploads images through the server (which checks them and makes web sizes) and keeps their URLs: one image
 * (`max` 1) for a card, several for a pack. The server's refusal is shown under the button.
 */
export function ImagePicker({
  label,
  value,
  onChange,
  max,
  error,
}: {
  label: string;
  value: string[];
  onChange: (urls: string[]) => void;
  max: number;
  error?: string[] | undefined;
}) {
  const { t } = useTranslation('admin-catalogue');
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error?.[0] ?? null;

  async function pick(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    setBusy(true);
    setProblem(null);
    const reply = await uploadImage(file);
    setBusy(false);
    if (reply.state === 200 && reply.media) {
      onChange(max === 1 ? [reply.media.url] : [...value, reply.media.url].slice(0, max));
    } else {
      setProblem(reply.errors?.file?.[0] ?? reply.errors?.json?.[0] ?? t('admin-common:failed'));
    }
  }

  return (
    <fieldset className="a-field a-images" aria-describedby={`${id}-hint`}>
      <legend>{label}</legend>
      <ul className="a-thumbs">
        {value.map((url, i) => (
          <li key={url}>
            <img src={url} alt={`${label} ${i + 1}`} width={96} height={96} />
            <button type="button" className="a-link-button" onClick={() => onChange(value.filter((u) => u !== url))}>
              {t('removeImage', { n: i + 1 })}
            </button>
          </li>
        ))}
        {value.length === 0 ? <li className="a-hint">{t('noImage')}</li> : null}
      </ul>
      {value.length < max ? (
        <label className="a-upload">
          <span>{busy ? t('uploading') : t('upload')}</span>
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
            disabled={busy}
            data-testid="image-input"
            onChange={(e) => {
              void pick(e.target.files);
              e.target.value = '';
            }}
          />
        </label>
      ) : null}
      <small id={`${id}-hint`} className="a-hint">
        {t('uploadHint')}
      </small>
      {shown ? (
        <small className="a-error" role="alert">
          {shown}
        </small>
      ) : null}
    </fieldset>
  );
}

/**
 * The picker as a field of a react-hook-form form: one image (`max` 1) held as its URL ('' for none), several as a
 * list; the schema's or the server's refusal of the field shown under it.
 */
export function ImageField<T extends FieldValues, TBody = T>({
  name,
  control,
  label,
  max,
}: {
  name: Path<T>;
  control: Control<T, unknown, TBody>;
  label: string;
  max: number;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const text = adminErrorText(fieldState.error);
        const one = max === 1;
        return (
          <ImagePicker
            label={label}
            value={one ? (field.value ? [String(field.value)] : []) : (field.value as string[])}
            onChange={(urls) => field.onChange(one ? (urls[0] ?? '') : urls)}
            max={max}
            error={text ? [text] : undefined}
          />
        );
      }}
    />
  );
}
