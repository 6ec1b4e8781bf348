import type { ReviewItem } from '@/components/service-form/service-review';
import type { ServiceFormFlow } from '@/components/service-form/use-service-form';
import { FileUploader } from '@/components/service-fields/file-uploader';
import { fieldId } from '@/components/ui/form-field';
import { filesOf } from './attachments';

export interface AttachmentsFieldProps {
  flow: ServiceFormFlow;
  /** The material (the guide's name for it, also sent as clmc). */
  label: string;
  hint?: string;
  name?: string;
  /** The form's schema asks for at least one file of it (filesRequired): marked * like a required field. */
  required?: boolean;
}

/** Uploads of one material, kept in a form field (so in the draft too); the error summary and 修改 focus it. */
export function AttachmentsField({ flow, label, hint, name = 'attachments', required }: AttachmentsFieldProps) {
  const id = fieldId(flow.formId, name);
  return (
    <div id={id} tabIndex={-1}>
      <FileUploader
        id={id}
        label={label}
        hint={hint}
        required={required}
        max={5}
        files={filesOf(flow.values[name])}
        onChange={(files) => flow.set(name)(JSON.stringify(files))}
        error={flow.errors[name]}
      />
    </div>
  );
}

/** The review item of an attachments field: the file names. */
export const attachmentsReview = (values: Record<string, string>, label: string, name = 'attachments'): ReviewItem => ({
  name,
  label,
  value: filesOf(values[name])
    .map((f) => f.name)
    .join('、'),
});
