// Appointment quotas and borrowing limits: the defaults the seed writes and the services enforce.

export interface AppointmentRule {
  /** channels with their own quota (sfzbl: the handling methods blfs; '' = one quota for the kind) */
  readonly channels: readonly string[];
  /** bookable places per working day and channel */
  readonly dailyQuota: number;
  /** how many calendar days ahead dates are offered (from tomorrow) */
  readonly daysAhead: number;
  /** how many calendar days ahead quota rows are kept ready (staff can change them before they are offered) */
  readonly daysPrepared: number;
  /** only Monday–Friday */
  readonly weekdaysOnly: boolean;
}

/** Default appointment quotas for the kinds with appointment: true (borrow dates are hkkjy's quota days). */
export const appointmentRules: { readonly sfzbl: AppointmentRule; readonly hkkjy: AppointmentRule } = {
  sfzbl: { channels: ['1', '2'], dailyQuota: 20, daysAhead: 14, daysPrepared: 30, weekdaysOnly: true },
  hkkjy: { channels: [''], dailyQuota: 20, daysAhead: 14, daysPrepared: 30, weekdaysOnly: true },
};

/** 借用户口卡 limits. */
export const borrowRules: { readonly perYear: number; readonly maxDays: number; readonly remindDaysBefore: number } = {
  /** loans a year (withdrawn and refused ones do not count) */
  perYear: 4,
  /** the return date is at most this many days after the borrow date */
  maxDays: 7,
  /** a reminder notice this many days before the return date */
  remindDaysBefore: 3,
};
