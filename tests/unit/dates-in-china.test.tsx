// Dates in Asia/Shanghai whatever the phone's zone (issue 9): the test moves the process to Los Angeles (UTC-7/-8) and to
// Kiritimati (UTC+14) and checks days that differ there from Beijing; the assertions name Beijing days only, so they
// hold on any machine.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/preact';
import * as v from 'valibot';
import { addDays, today as formToday } from '@/components/service-fields/dates';
import { pastDate } from '@/components/service-fields/schema-parts';
import { tilesFor } from '@shared/pages/home-tiles';
import { moveInKinds } from '@/features/move-in/move-in-page';
import { borrowRules } from '@/features/borrow/borrow-rules';
import { chinaInputToIso, isoDay } from '@/console/dates';
import { formatDate, formatDateTime, today } from '@/lib/format';

const zones = ['America/Los_Angeles', 'Pacific/Kiritimati'];
let saved: string | undefined;
beforeEach(() => {
  saved = process.env.TZ;
});
afterEach(() => {
  if (saved === undefined) delete process.env.TZ;
  else process.env.TZ = saved;
});

// 00:30 on 1 October in Beijing is still 30 September in Los Angeles; 23:30 on 30 September in Beijing is already
// 1 October in Kiritimati.
const earlyInBeijing = '2026-10-01T00:30:00+08:00';
const lateInBeijing = '2026-09-30T23:30:00+08:00';

describe.each(zones)('with the phone in %s', (zone) => {
  beforeEach(() => {
    process.env.TZ = zone;
  });

  it("the zone really is in effect (the local day differs from Beijing's)", () => {
    const instant = new Date(zone === 'America/Los_Angeles' ? earlyInBeijing : lateInBeijing);
    expect(instant.getDate()).toBe(zone === 'America/Los_Angeles' ? 30 : 1);
  });

  it('formats days and times in Beijing', () => {
    expect(formatDate(earlyInBeijing)).toBe('2026-10-01');
    expect(formatDate(lateInBeijing)).toBe('2026-09-30');
    expect(formatDateTime(earlyInBeijing)).toBe('2026-10-01 00:30');
    expect(formatDateTime('2026-09-30T15:45:00Z')).toBe('2026-09-30 23:45');
    expect(formatDate('2026-10-01')).toBe('2026-10-01');
    expect(formatDate('not a date')).toBe('');
  });

  it('today and day arithmetic count Beijing days', () => {
    expect(today(Date.parse(earlyInBeijing))).toBe('2026-10-01');
    expect(today(Date.parse(lateInBeijing))).toBe('2026-09-30');
    expect(addDays('2026-09-30', 1)).toBe('2026-10-01');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09'); // a daylight-saving night in Los Angeles
    expect(addDays('2026-11-01', 7)).toBe('2026-11-08');
    // The forms' own helpers (no Intl, for their chunks) give the same days.
    for (const instant of [earlyInBeijing, lateInBeijing, '2026-12-31T16:00:00Z', '2026-12-31T15:59:59Z'])
      expect(formToday(Date.parse(instant))).toBe(today(Date.parse(instant)));
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(borrowRules.returnWindow('2026-03-07')).toEqual(['2026-03-08', '2026-03-14']);
  });

  it("the console's day pickers start from Beijing's today", () => {
    expect(isoDay()).toBe(today());
    expect(isoDay(1)).toBe(addDays(today(), 1));
  });

  it('a date typed in the console is read as Beijing time', () => {
    expect(chinaInputToIso('2026-10-01T00:30')).toBe('2026-09-30T16:30:00.000Z');
    expect(chinaInputToIso('2026-10-01T00:30:15')).toBe('2026-09-30T16:30:15.000Z');
  });

  it('a date of birth of today in Beijing is not in the future', () => {
    const schema = pastDate('请选择日期', '日期不能晚于今天');
    expect(v.safeParse(schema, today()).success).toBe(true);
    expect(v.safeParse(schema, addDays(today(), 1)).success).toBe(false);
  });

  it("the new-student deadline is the server's yxTime, not a day early or late", () => {
    const window = { yxStartTime: '2026-08-01T00:00:00+08:00', yxEndTime: '2026-10-01T00:30:00+08:00', yxTime: '2026-10-01' };
    const [tile] = tilesFor(
      [{ sectorCode: '5', sectorName: '新生迁入', disabled: false, disabledReason: null }],
      window,
      Date.parse('2026-09-01T00:00:00+08:00'),
    );
    expect(tile.deadline).toBe('2026-10-01');
    const [kind] = moveInKinds(
      { ...window, openSectors: [{ sectorCode: '5', sectorName: '新生迁入' }] },
      Date.parse('2026-09-01T00:00:00+08:00'),
    );
    expect(kind.note).toBe('办理截止日期 2026-10-01');
    render(<p>{formatDateTime(window.yxEndTime)}</p>);
    expect(screen.getByText('2026-10-01 00:30')).not.toBeNull();
  });
});
