// 户籍证明 as an electronic document: made when the office finishes (已办结) a 户籍证明开具 application, in the
// wording the office sets per 证明类型 (设置 → 证明模板), signed and verifiable like every issued document.
import type { FastifyBaseLogger } from 'fastify';
import { bizError, notFound } from '../lib/envelope.ts';
import type { ApplicationRow } from '../repositories/applications.ts';
import type { Repositories } from '../repositories/index.ts';
import { MSG, Status } from '../domain/index.ts';
import { addSeconds, chinaDate, type Clock } from './clock.ts';
import { OFFICE_NAME, officeMark, render, type DocumentStamp } from './document-pdf.ts';
import type { DocumentService } from './documents.ts';

export const WORDINGS_KEY = 'proof.wordings';
/** A 户籍证明 is valid for three months from its issue (as the office's paper one). */
export const PROOF_VALID_DAYS = 90;
export const NOT_DONE = '证明尚未办结，暂无电子证明';

/** The placeholders a wording may use, and where their values come from. */
export const PROOF_PLACEHOLDERS = [
  '姓名',
  '性别',
  '民族',
  '出生日期',
  '公民身份号码',
  '户号',
  '住址',
  '登记机关',
  '迁入日期',
  '迁入前住址',
  '迁出日期',
  '迁往地址',
] as const;
export type ProofPlaceholder = (typeof PROOF_PLACEHOLDERS)[number];

const REGISTERED = '兹证明{姓名}（{性别}，{民族}，{出生日期}出生，公民身份号码{公民身份号码}）';

/** The wording of each 证明类型 (qh_hjzm_type) until the office changes it. */
export const DEFAULT_WORDINGS: Record<string, string> = {
  '1': `${REGISTERED}的户口现登记在{住址}（户号{户号}），登记机关为{登记机关}。`,
  '2': `${REGISTERED}于{迁入日期}由{迁入前住址}将户口迁入{住址}（户号{户号}），登记机关为{登记机关}。`,
  '3': `${REGISTERED}的户口已于{迁出日期}由{住址}迁出，迁往{迁往地址}。`,
  '4': `${REGISTERED}的户口登记在{住址}（户号{户号}）。其曾用名与现用名系同一人，以户口登记项目为准。`,
  '5': `${REGISTERED}的户口登记在{住址}（户号{户号}），其登记项目的变更情况以登记机关{登记机关}的户口登记为准。`,
  '6': `${REGISTERED}的户口登记在{住址}（户号{户号}），登记机关为{登记机关}。本证明与集体户口页复印件一并使用。`,
};

/** Placeholders in a text that are not known ({…} with another name). */
export const unknownProofPlaceholders = (text: string) =>
  [...text.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!).filter((name) => !(PROOF_PLACEHOLDERS as readonly string[]).includes(name));

export const fillWording = (text: string, values: Record<ProofPlaceholder, string>) =>
  text.replace(/\{([^{}]*)\}/g, (whole, name: string) => (name in values ? values[name as ProofPlaceholder] || '—' : whole));

export interface ProofContent {
  typeLabel: string;
  text: string;
  yt: string;
  jsdw: string | null;
  sqbh: string;
}

/** The 户籍证明 page: title, number, the certified text, purpose, validity, the office and its mark. */
export function proofPdf(p: ProofContent, stamp: DocumentStamp, validUntil: Date): Promise<Buffer> {
  return render(
    `户籍证明（${p.typeLabel}）`,
    stamp.issuedAt,
    (doc) => {
      doc.fillColor('#000000').fontSize(26).text('户 籍 证 明', 50, 70, { width: 495, align: 'center', characterSpacing: 6 });
      doc.fillColor('#555555').fontSize(12).text(p.typeLabel, 50, 110, { width: 495, align: 'center' });
      doc.fillColor('#000000').fontSize(10).text(`编号：${stamp.number}`, 50, 140, { width: 495, align: 'right' });
      doc.fontSize(14).text(p.text, 70, 180, { width: 455, lineGap: 9, indent: 28 });
      doc.moveDown(1);
      doc.text(`用途：${p.yt}`, { width: 455, indent: 28, lineGap: 9 });
      if (p.jsdw) doc.text(`接收单位：${p.jsdw}`, { width: 455, indent: 28, lineGap: 9 });
      doc.text('特此证明。', { width: 455, indent: 28, lineGap: 9 });
      doc.moveDown(0.5);
      doc
        .fontSize(11)
        .fillColor('#555555')
        .text(`本证明自开具之日起 ${PROOF_VALID_DAYS} 日内有效（至 ${chinaDate(validUntil)}），申请编号 ${p.sqbh}。`, 70, doc.y, {
          width: 455,
          indent: 28,
        });
      const y = Math.max(doc.y + 30, 470);
      doc.fillColor('#000000').fontSize(13).text(OFFICE_NAME, 300, y, { width: 245, align: 'center' });
      doc.text(
        chinaDate(stamp.issuedAt).replace(/^(\d+)-(\d+)-(\d+)$/, (_, a, b, c) => `${a}年${Number(b)}月${Number(c)}日`),
        300,
        y + 24,
        {
          width: 245,
          align: 'center',
        },
      );
      officeMark(doc, 347, y + 56, chinaDate(stamp.issuedAt));
    },
    stamp,
  );
}

export function createProofService(repos: Repositories, documents: DocumentService, clock: Clock, log?: FastifyBaseLogger) {
  const label = async (type: string, value: string | null | undefined) => (await repos.dict.label(type, value)) ?? '';

  /** The wording of each type: the office's, else the default. */
  async function wordings(): Promise<Record<string, string>> {
    return { ...DEFAULT_WORDINGS, ...((await repos.settings.get<Record<string, string>>(WORDINGS_KEY)) ?? {}) };
  }

  async function contentOf(app: ApplicationRow): Promise<{ content: ProofContent; holder: string }> {
    const a = app.answers as { zmlx: string; yt: string; jsdw?: string };
    const user = (await repos.users.findById(app.userId))!;
    const record = await repos.users.household(user.id);
    const [typeLabel, xb, mz, station, all] = await Promise.all([
      label('qh_hjzm_type', a.zmlx),
      label('qh_gender', user.genderCode),
      label('gb_mz', user.ethnicCode),
      record?.policeStationId ? repos.policeStations.find(record.policeStationId) : null,
      wordings(),
    ]);
    const values: Record<ProofPlaceholder, string> = {
      姓名: user.name,
      性别: xb,
      民族: mz,
      出生日期: user.birthDate ?? '',
      公民身份号码: user.idNumber ?? '',
      户号: record?.householdNo ?? '',
      住址: record?.collectiveAddress ?? '',
      登记机关: station?.name ?? '',
      迁入日期: record?.movedInOn ?? '',
      迁入前住址: record?.formerAddress ?? '',
      迁出日期: record?.movedOutOn ?? '',
      迁往地址: record?.migrationAddress ?? '',
    };
    const wording = all[a.zmlx] ?? DEFAULT_WORDINGS['1']!;
    return {
      content: { typeLabel, text: fillWording(wording, values), yt: a.yt, jsdw: a.jsdw ?? null, sqbh: app.referenceNo },
      holder: user.name,
    };
  }

  /** The current 户籍证明 of a finished application (issued now when there is none for its content). */
  async function proof(app: ApplicationRow, reissue = false): Promise<{ pdf: Buffer; fileName: string }> {
    if (app.kind !== 'hjzmkj') throw notFound(MSG.notFound);
    if (app.status !== Status.done) throw bizError(NOT_DONE);
    const { content, holder } = await contentOf(app);
    const validUntil = addSeconds(clock.now(), PROOF_VALID_DAYS * 86400);
    const pdf = await documents.edition({
      app,
      kind: 'hjzm',
      title: `户籍证明（${content.typeLabel}）`,
      holderName: holder,
      expiresAt: validUntil,
      content,
      reissue,
      fixed: true,
      make: (stamp) => proofPdf(content, stamp, addSeconds(stamp.issuedAt, PROOF_VALID_DAYS * 86400)),
    });
    return { pdf, fileName: `户籍证明-${content.typeLabel}-${holder}.pdf` };
  }

  return {
    wordings,
    proof,
    /** After the commit of a move: a 户籍证明 that has just been finished is issued now (a failure waits for a download). */
    async afterMove(app: ApplicationRow): Promise<void> {
      if (app.kind !== 'hjzmkj' || app.status !== Status.done) return;
      try {
        await proof(app);
      } catch (err) {
        log?.error({ err, applicationId: app.id }, 'proof not issued at 已办结 (issued on the first download)');
      }
    },
  };
}

export type ProofService = ReturnType<typeof createProofService>;
