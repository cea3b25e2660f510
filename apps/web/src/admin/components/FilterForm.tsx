import { useId, type CSSProperties } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** One control of a list's filter form: a search box, a choice (with "all" first) or a date. */
export type FilterField =
  | { name: string; label: string; kind: 'search'; placeholder?: string; style?: CSSProperties }
  | { name: string; label: string; kind: 'date' }
  | { name: string; label: string; kind: 'select'; all: string; options: readonly { value: string; label: string }[] };

export type Filters = Record<string, string>;

interface Props {
  fields: readonly FilterField[];
  /** The filters in force (the list's address): the form starts from them and starts again when they change. */
  initial: Filters;
  onApply: (filters: Filters) => void;
  /** The search landmark's name, when the page has more than one form. */
  label?: string;
  /** Offer a button that applies every field empty. */
  clearable?: boolean;
  /** The server's refusal of the filters (e.g. a date range), shown under the form. */
  error?: string | undefined;
}

/**
 * The filter form above every console list (cards, packs, payments, members, audit log, fulfilment queue): one
 * component driven by a field list, so each list's filters look, label and submit alike. Search text is trimmed;
 * the caller merges the result into the list's address (use-list-params).
 */
export function FilterForm(props: Props) {
  // Remade when the filters in force change (back button, a tab), so the fields never show stale values.
  return <FilterFormFields key={JSON.stringify(props.initial)} {...props} />;
}

function FilterFormFields({ fields, initial, onApply, label, clearable, error }: Props) {
  const { t } = useTranslation('admin-common');
  const id = useId();
  // No schema here: each list's query schema is the server's, and its refusal comes back as `error`.
  const { register, handleSubmit } = useForm<Filters>({
    defaultValues: Object.fromEntries(fields.map((field) => [field.name, initial[field.name] ?? ''])),
  });
  const submit = handleSubmit((f) =>
    onApply(Object.fromEntries(fields.map((x) => [x.name, x.kind === 'search' ? f[x.name]!.trim() : f[x.name]!]))),
  );
  return (
    <form className="a-filters" role="search" aria-label={label} onSubmit={submit}>
      {fields.map((field) => {
        const fid = `${id}-${field.name}`;
        return (
          <div key={field.name} className="a-field" style={field.kind === 'search' ? field.style : undefined}>
            <label htmlFor={fid}>{field.label}</label>
            {field.kind === 'select' ? (
              <select id={fid} {...register(field.name)}>
                <option value="">{field.all}</option>
                {field.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={fid}
                type={field.kind}
                placeholder={field.kind === 'search' ? field.placeholder : undefined}
                {...register(field.name)}
              />
            )}
          </div>
        );
      })}
      <button type="submit" className="a-primary">
        {t('search')}
      </button>
      {clearable ? (
        <button type="button" onClick={() => onApply(Object.fromEntries(fields.map((x) => [x.name, ''])))}>
          {t('clear')}
        </button>
      ) : null}
      {error ? (
        <p role="alert" className="a-error" style={{ flexBasis: '100%', margin: 0 }}>
          {error}
        </p>
      ) : null}
    </form>
  );
}
