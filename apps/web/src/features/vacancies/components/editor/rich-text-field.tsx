import { Controller } from 'react-hook-form';
import { RichTextEditor } from '../../../../components/rich-text/rich-text-editor';
import { useVacancyForm } from './editor-form';

export type RichTextName = 'description' | 'whatWereLookingFor' | 'about' | 'taskDescription' | 'additionalBenefits';

/** One rich-text field of the posting, bound to the editor's form. */
export function RichTextField({
  name,
  label,
  required = false,
}: {
  name: RichTextName;
  label: string;
  required?: boolean;
}) {
  const { control } = useVacancyForm();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <RichTextEditor
          ref={field.ref}
          label={label}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          required={required}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );
}
