import type { ServiceFormFlow } from '@/components/service-form/use-service-form';
import { FormField } from '@/components/ui/form-field';

export interface RegionFieldProps {
  flow: ServiceFormFlow;
  label: string;
  /** Prefix of the region's form fields (e.g. qwdq); see region-values. */
  prefix: string;
  hint?: string;
  required?: boolean;
}

/** 省/市/区县 picked on /address (the form is saved first and comes back with the choice). */
export function RegionField({ flow, label, prefix, hint, required = true }: RegionFieldProps) {
  const name = `${prefix}.qu`;
  return (
    <FormField label={label} name={name} error={flow.errors[name]} hint={hint} required={required}>
      {(control) => (
        <button type="button" class="sf-region" {...control} onClick={() => flow.pickRegion(prefix)}>
          {flow.values[`${prefix}.ssqmc`] || <span class="sf-placeholder">请选择省/市/区县</span>}
        </button>
      )}
    </FormField>
  );
}
