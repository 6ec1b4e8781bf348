/** One choice of a picker (WeUI select, radio list). */
export interface SelectOption {
  label: string;
  value: string;
  disabled?: boolean;
}
