// Load shedding: when this process's event loop has fallen behind (mean delay over the last second above
// LOAD_SHED_EVENT_LOOP_DELAY_MS), a new API request is answered at once with 503 「当前访问人数较多，请稍后再试」 and
// Retry-After, before any database work, instead of queueing behind requests that will already answer late. A
// request already being handled always finishes; probes, metrics and the web app's files are never shed (a balancer
// sees /readyz answer, and the refusal is cheap). The app's forms treat 503 like a lost connection: what was typed
// stays and the same Idempotency-Key is sent again. Counted in hukou_requests_shed_total.
// Implemented here rather than with @fastify/under-pressure: the shedding must pick the paths it applies to and
// answer the product's own envelope; the measure is the same (perf_hooks.monitorEventLoopDelay).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const SHED_MESSAGE = '当前访问人数较多，请稍后再试';
export const SHED_RETRY_AFTER_SECONDS = 5;
const SAMPLE_MS = 1000;
/** Probes, metrics, the web app, the contract and its reference page: everything else is an operation of the API. */
const NEVER_SHED = /^\/(?:healthz|readyz|metrics|web(?:\/|$|\?)|openapi\.json|api-docs|$|\?)/;

declare module 'fastify' {
  interface FastifyInstance {
    /** The mean event-loop delay of the last second, in ms, and whether API requests are being shed. */
    loadShed: { delayMs(): number; shedding(): boolean; shed(): number };
  }
}

export default fp(async function loadShedPlugin(app: FastifyInstance, opts: { maxEventLoopDelayMs?: number }) {
  const max = opts.maxEventLoopDelayMs ?? 0;
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let delayMs = 0;
  let shed = 0;
  const timer = setInterval(() => {
    // The histogram's resolution is added to every sample: take it off.
    delayMs = Number.isFinite(histogram.mean) ? Math.max(0, histogram.mean / 1e6 - 10) : 0;
    histogram.reset();
  }, SAMPLE_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    histogram.disable();
  });
  const shedding = () => max > 0 && delayMs > max;
  app.decorate('loadShed', { delayMs: () => delayMs, shedding, shed: () => shed });
  if (max <= 0) return;

  app.addHook('onRequest', async (request, reply) => {
    if (!shedding() || NEVER_SHED.test(request.url)) return;
    shed += 1;
    return reply
      .status(503)
      .header('retry-after', String(SHED_RETRY_AFTER_SECONDS))
      .header('cache-control', 'no-store')
      .send({ code: 503, msg: SHED_MESSAGE });
  });
});
