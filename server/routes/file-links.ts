// Answers shared by the short-lived file links (the move-in vouchers, the issued documents) and the PDF downloads.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../lib/envelope.ts';
import { contentDisposition } from '../lib/request.ts';
import { LINK_SECONDS } from '../services/voucher-links.ts';

/** Whether the request is a browser's page load (it asks for HTML before JSON), not a program. */
export function wantsPage(accept: string | undefined): boolean {
  const types = (accept ?? '').split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  const html = types.indexOf('text/html');
  const json = types.indexOf('application/json');
  return html !== -1 && (json === -1 || html < json);
}

/**
 * What a person sees for a link that no longer works: WeChat opens the link in the phone's browser (「在浏览器打开」),
 * often minutes later. A page in Chinese that says what happened and where to get a new link.
 */
export const linkInvalidPage = (o: { noun: string; where: string; back: [label: string, href: string] }) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>链接已失效</title>
<style>body{margin:0;font:17px/1.6 -apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif;color:#1a1a1a;background:#f5f5f5}
main{max-width:32em;margin:0 auto;padding:48px 24px;text-align:center}h1{font-size:22px;margin:0 0 12px}
p{color:#555;margin:0 0 12px}a{display:inline-block;margin-top:20px;padding:10px 28px;border-radius:8px;background:#791cb5;color:#fff;text-decoration:none}</style>
</head><body><main><h1>链接已失效</h1>
<p>这个${o.noun}链接已过期或已失效：链接在生成 ${Math.round(LINK_SECONDS / 60)} 分钟后失效，退出登录后也会失效。</p>
<p>${o.where}</p>
<a href="${o.back[1]}">${o.back[0]}</a></main></body></html>`;

/** A refused link: the page for a browser's page load, the envelope (403 `message`) for a program. */
export function refuseLink(request: FastifyRequest, reply: FastifyReply, message: string, page: string) {
  if (!wantsPage(request.headers.accept)) throw forbidden(message);
  return reply.status(403).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
}

/** A PDF as an attachment (a download) or inline (opened by a link), never cached by anyone else. */
export const sendPdf = (
  reply: FastifyReply,
  file: { pdf: Buffer; fileName: string },
  disposition: 'attachment' | 'inline' = 'attachment',
) =>
  reply
    .type('application/pdf')
    .header('content-disposition', contentDisposition(disposition, file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.pdf);
