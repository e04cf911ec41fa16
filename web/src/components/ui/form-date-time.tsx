import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateField, type DateFieldProps } from './date-field';
import { TimeField, type TimeFieldProps } from './time-field';

/** What a form field takes from the form: its value, changes, blur, focus on error and error message. */
type Bound = 'value' | 'onChange' | 'onBlur' | 'name' | 'error' | 'ref';

interface FormFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
}

/** A [`DateField`] bound to a react-hook-form field. */
export function FormDateField<T extends FieldValues>({ control, name, ...props }: FormFieldProps<T> & Omit<DateFieldProps, Bound>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          {...props}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** A [`TimeField`] bound to a react-hook-form field. */
export function FormTimeField<T extends FieldValues>({ control, name, ...props }: FormFieldProps<T> & Omit<TimeFieldProps, Bound>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TimeField
          {...props}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
