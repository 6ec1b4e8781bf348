// 服务监控's durations: 运行时长 from the start to when the figures were read.
import { describe, expect, it } from 'vitest';
import { uptime } from '../../../src/console/system/monitor-page';

describe('uptime', () => {
  it('says minutes, hours and minutes, or days and hours', () => {
    const at = '2026-11-28T12:00:00+08:00';
    expect(uptime('2026-11-28T11:53:10+08:00', at)).toBe('6 分');
    expect(uptime('2026-11-28T09:55:00+08:00', at)).toBe('2 小时 5 分');
    expect(uptime('2026-11-25T08:00:00+08:00', at)).toBe('3 天 4 小时');
    expect(uptime('2026-11-28T12:00:30+08:00', at)).toBe('0 分');
  });
});
