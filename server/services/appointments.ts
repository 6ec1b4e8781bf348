// Appointment days and their quotas (sfzbl per handling method, hkkjy borrow days): the days offered, the
// remaining places, and keeping quota rows ready ahead. Booking itself happens in the application transaction.
import { appointmentRules, type AppointmentRule } from '../domain/index.ts';
import type { Repositories } from '../repositories/index.ts';
import type { QuotaRow } from '../repositories/quotas.ts';
import { chinaDate, type Clock } from './clock.ts';
import { FullDays } from './full-days.ts';

export type AppointmentKind = keyof typeof appointmentRules;

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

/** YYYY-MM-DD plus n calendar days. */
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86400_000).toISOString().slice(0, 10);

export const isWeekday = (day: string) => ![0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());

/** 2026-11-25 → 11月25日 星期三 */
export function dateLabel(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日 ${WEEKDAYS[d.getUTCDay()]}`;
}

/** The days from tomorrow to `ahead` days ahead (weekdays only when the rule says so). */
export function daysAhead(today: string, ahead: number, weekdaysOnly: boolean): string[] {
  const days: string[] = [];
  for (let i = 1; i <= ahead; i += 1) {
    const day = addDays(today, i);
    if (!weekdaysOnly || isWeekday(day)) days.push(day);
  }
  return days;
}

/** Quota rows to create for the prepared window (existing rows are left as they are). */
export function quotaRowsFor(today: string, rules: Record<string, AppointmentRule> = appointmentRules) {
  return Object.entries(rules).flatMap(([kind, rule]) =>
    daysAhead(today, rule.daysPrepared, rule.weekdaysOnly).flatMap((day) =>
      rule.channels.map((channel) => ({ kind, channel, day, total: rule.dailyQuota })),
    ),
  );
}

export function createAppointmentService(repos: Repositories, clock: Clock) {
  const window = (kind: AppointmentKind) => {
    const today = chinaDate(clock.now());
    return { from: addDays(today, 1), to: addDays(today, appointmentRules[kind].daysAhead) };
  };

  const fullDays = new FullDays();

  return {
    /** Days just seen full on this instance (a rush's refusals cost no query). */
    fullDays,

    /** The days offered now for a kind and channel, with their remaining places. */
    async offered(kind: AppointmentKind, channel: string): Promise<QuotaRow[]> {
      const { from, to } = window(kind);
      return repos.quotas.between(kind, channel, from, to);
    },

    /** The quota of a day when that day is offered now (in the window, with a quota row), else null. */
    async offeredDay(kind: AppointmentKind, channel: string, day: string): Promise<QuotaRow | null> {
      const { from, to } = window(kind);
      if (day < from || day > to) return null;
      return repos.quotas.find(kind, channel, day);
    },

    /** Keeps quota rows ready for the prepared window (first start and every housekeeping run). */
    async prepare(): Promise<void> {
      await repos.quotas.ensure(quotaRowsFor(chinaDate(clock.now())));
    },
  };
}

export type AppointmentService = ReturnType<typeof createAppointmentService>;
