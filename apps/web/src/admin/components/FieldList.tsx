import { useFormContext, type FieldError, type FieldValues } from 'react-hook-form';
import { ImageField } from '../pages/cards/ImagePicker';
import { Field, SelectField, TextAreaField } from './Field';

export type FieldKind = 'text' | 'textarea' | 'number' | 'datetime' | 'flag' | 'image' | 'images' | 'select';

/** One field of a console form drawn from a list (the content pages, the programmes' settings). */
export interface FieldDef {
  name: string;
  kind: FieldKind;
  /** A choice's values (labelled by `optionLabel`). */
  options?: readonly string[];
}

/**
 * The fields of a react-hook-form form (from its FormProvider), each drawn by its kind with its label and its error:
 * one image or several through the upload picker, flags as check boxes, the rest as labelled controls.
 */
export function FieldList({
  fields,
  label,
  optionLabel = (o) => o,
  disabled = () => false,
}: {
  fields: readonly FieldDef[];
  label: (name: string) => string;
  optionLabel?: (option: string) => string;
  disabled?: (name: string) => boolean;
}) {
  const { register, control, formState } = useFormContext<FieldValues>();
  return fields.map((f) => {
    const error = formState.errors[f.name] as FieldError | undefined;
    const props = { label: label(f.name), error, disabled: disabled(f.name), ...register(f.name) };
    switch (f.kind) {
      case 'image':
      case 'images':
        return (
          <div key={f.name} style={{ gridColumn: '1 / -1' }}>
            <ImageField name={f.name} control={control} label={props.label} max={f.kind === 'image' ? 1 : 10} />
          </div>
        );
      case 'flag':
        return (
          <label key={f.name} className="a-check">
            <input type="checkbox" disabled={props.disabled} {...register(f.name)} />
            {props.label}
          </label>
        );
      case 'textarea':
        return <TextAreaField key={f.name} {...props} />;
      case 'select':
        return (
          <SelectField key={f.name} {...props}>
            {f.options!.map((o) => (
              <option key={o} value={o}>
                {optionLabel(o)}
              </option>
            ))}
          </SelectField>
        );
      default:
        return (
          <Field
            key={f.name}
            type={f.kind === 'datetime' ? 'datetime-local' : 'text'}
            inputMode={f.kind === 'number' ? 'numeric' : undefined}
            {...props}
          />
        );
    }
  });
}
