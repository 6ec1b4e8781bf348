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

/**
 * 省/市/区县 picked on /address (the form is saved first and comes back with the choice). A button takes no
 * aria-required; its name is the label and what it shows (the region chosen, or 请选择省/市/区县).
 */
export function RegionField({ flow, label, prefix, hint, required = true }: RegionFieldProps) {
  const name = `${prefix}.qu`;
  return (
    <FormField label={label} name={name} error={flow.errors[name]} hint={hint} required={required}>
      {({ 'aria-required': _required, ...control }) => (
        <button
          type="button"
          class="sf-region"
          {...control}
          aria-labelledby={`${control.id}-label ${control.id}`}
          onClick={() => flow.pickRegion(prefix)}
        >
          {flow.values[`${prefix}.ssqmc`] || <span class="sf-placeholder">请选择省/市/区县</span>}
        </button>
      )}
    </FormField>
  );
}
