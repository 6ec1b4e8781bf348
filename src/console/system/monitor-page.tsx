import { useEffect } from 'react';
import { formatDateTime } from '@/lib/format';
import { LoadError, PageHead, Table } from '../kit';
import { useRemote } from '../data';
import { loadMonitor } from './api';

/** How often the page reads the figures again while it is shown (each instance writes its own every 15 s). */
const REFRESH_MS = 15_000;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const size = (bytes: number) => (bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : mb(bytes));

/** 运行时长 from the start time to when the figures were read: 3 天 4 小时, 2 小时 5 分, 7 分. */
export function uptime(startedAt: string, at: string): string {
  const minutes = Math.max(0, Math.floor((new Date(at).getTime() - new Date(startedAt).getTime()) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days) return `${days} 天 ${hours} 小时`;
  if (hours) return `${hours} 小时 ${minutes % 60} 分`;
  return `${minutes} 分`;
}

/** 最近报到 as the seconds before the figures were read (an instance writes every 15 s). */
const secondsAgo = (seenAt: string, at: string) => {
  const seconds = Math.max(0, Math.round((new Date(at).getTime() - new Date(seenAt).getTime()) / 1000));
  return seconds < 2 ? '刚刚' : `${seconds} 秒前`;
};

/** 服务监控: the instances heard from in the last minute, the database and Redis; read again every 15 s. */
export default function MonitorPage() {
  const state = useRemote(loadMonitor, []);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') state.reload();
    }, REFRESH_MS);
    return () => clearInterval(timer);
    // state.reload is stable for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const m = state.data;
  const lagging = (ms: number) => ms >= 100;
  return (
    <>
      <PageHead title="服务监控">
        <span class="adm-muted">{m ? `更新于 ${formatDateTime(m.checkedAt)}，每 15 秒刷新` : '每 15 秒刷新'}</span>
        <button type="button" class="adm-link" onClick={() => state.reload()}>
          刷新
        </button>
      </PageHead>
      <LoadError message={state.error} />
      {m && (
        <>
          <div class="adm-stats">
            <div class="adm-stat">
              <b>{m.instances.length}</b>个服务实例在运行
            </div>
            <div class="adm-stat">
              <b>{m.database.kindName}</b>
              {m.database.version}，数据库大小 {size(m.database.sizeBytes)}
              {m.database.pool && `；本实例连接 ${m.database.pool.total}（空闲 ${m.database.pool.idle}，等待 ${m.database.pool.waiting}）`}
            </div>
            <div class={m.redis.configured && !m.redis.up ? 'adm-stat adm-stat_warn' : 'adm-stat'}>
              <b>{!m.redis.configured ? '未配置' : m.redis.up ? '正常' : '熔断中'}</b>
              Redis（限流计数）
              {m.redis.configured && `，本实例熔断 ${m.redis.breakerOpened} 次`}
              {!m.redis.configured && '：计数在各实例内'}
            </div>
          </div>
          <section class="adm-card">
            <h3 class="adm-card__title">服务实例</h3>
            <Table
              head={['主机', '进程', '版本', '运行时长', '常驻内存', '堆（已用 / 总）', '事件循环延迟 p99', '已处理请求', '最近报到']}
              num={['常驻内存', '堆（已用 / 总）', '事件循环延迟 p99', '已处理请求']}
              empty={!m.instances.length && '最近 1 分钟没有实例报到'}
            >
              {m.instances.map((i) => (
                <tr key={i.id}>
                  <td class="adm-nowrap">
                    {i.host} {i.self && <span class="adm-tag">本实例</span>}
                  </td>
                  <td class="adm-nowrap">{i.pid}</td>
                  <td class="adm-nowrap">
                    {i.version}
                    <div class="adm-muted">Node.js {i.node}</div>
                  </td>
                  <td class="adm-nowrap">
                    {uptime(i.startedAt, m.checkedAt)}
                    <div class="adm-muted">{formatDateTime(i.startedAt)} 启动</div>
                  </td>
                  <td class="adm-num adm-nowrap">{mb(i.rssBytes)}</td>
                  <td class="adm-num adm-nowrap">
                    {mb(i.heapUsedBytes)} / {mb(i.heapTotalBytes)}
                  </td>
                  <td class={lagging(i.eventLoopLagMs) ? 'adm-num adm-nowrap adm-bad' : 'adm-num adm-nowrap'}>
                    {i.eventLoopLagMs.toFixed(1)} ms
                  </td>
                  <td class="adm-num adm-nowrap">{i.requests.toLocaleString('zh-CN')}</td>
                  <td class="adm-nowrap">{secondsAgo(i.seenAt, m.checkedAt)}</td>
                </tr>
              ))}
            </Table>
            <p class="adm-muted">数据与各实例的 /metrics 相同；事件循环延迟 p99 达到 100 ms 标红（请求开始排队）。</p>
          </section>
        </>
      )}
    </>
  );
}
