// 迁入凭证 of a finished move-in: the household card (常住人口登记卡, one page per person who moved in, with the
// applicant's photo from the uploads) and the household head's page (户主页, with its stamped photo on a second
// page), as PDF with the data in Chinese. The CJK font ships with npm (@embedpdf/fonts-sc: Noto Sans Hans, OFL);
// pdfkit embeds only the glyphs used (a subset of a few kB per document).
// Vouchers are made once, when the move-in reaches 已办结 (after the commit of that move), kept in the files storage
// under a name that carries the application and a fingerprint of their content, and served from there: a download
// makes one only when none with the current data is stored (data changed since, or a move-in finished before
// vouchers were stored). pdfkit only ever embeds JPEGs: the applicant's photo is re-encoded by sharp (with the
// limits of uploads) on generation, the head-page photos ship with the app; nothing decodes a user's bytes later.
import type { FastifyBaseLogger } from 'fastify';
import { AppError, bizError, notFound } from '../lib/envelope.ts';
import { IMAGE_MIMES, isJpeg, normaliseImage } from '../lib/images.ts';
import { maskIdNumber } from '../lib/masks.ts';
import type { ApplicationRow } from '../repositories/applications.ts';
import type { Repositories } from '../repositories/index.ts';
import type { HouseholdRow, UserRow } from '../repositories/users.ts';
import { hasVoucher, type AttachmentRef } from './applications.ts';
import { MSG } from '../domain/index.ts';
import { chinaDate, chinaDateTime, type Clock } from './clock.ts';
import type { FileService } from './files.ts';
import { COLLECTIVE_MISSING, collectiveOfMoveIn, familyMembersOf, type Person } from './movement-hooks.ts';
import { officeMark, render, type Doc, type DocumentStamp } from './document-pdf.ts';
import type { DocumentService } from './documents.ts';

export const NOT_FINISHED = '迁入尚未办结，暂无凭证';
/** The applicant's ID photo (一寸白底彩色证件照) among the attachments of a move-in. */
export const PHOTO_MATERIAL = '一寸白底彩色证件照电子版';
/** The long side of the photo on the household card (printed 80 pt wide). */
const CARD_PHOTO_SIDE = 600;
const BRAND = '#791cb5';

/** One person on the household card, with the labels of their codes. */
export interface CardPerson {
  xm: string;
  yhzgx: string;
  xb: string;
  mz: string;
  csrq: string;
  jg: string;
  sfzjh: string;
  whcd: string;
  hyzk: string;
  fwcs: string;
  qrsj: string;
  qrly: string;
  zz: string;
  djjg: string;
  photo: Buffer | null;
}

export interface HeadPage {
  hh: string;
  hm: string;
  zz: string;
  djjg: string;
  ljrq: string;
  /** 家属随迁: the staff member who is the household head. */
  head: { xm: string; gzzh: string | null } | null;
  /** Whom this copy is for (absent on the archive photo of the page). */
  issuedTo: { applicant: string; sqbh: string } | null;
}

/** Places a JPEG (anything else is refused before pdfkit could decode it). */
function jpeg(doc: Doc, bytes: Buffer, x: number, y: number, options: PDFKit.Mixins.ImageOption) {
  if (!isJpeg(bytes)) throw new Error('voucher images must be JPEG');
  doc.image(bytes, x, y, options);
}

/** A row of bordered cells: [label, value, width] each; labels shaded. */
function row(doc: Doc, x: number, y: number, height: number, cells: [string, string, number][]) {
  let at = x;
  for (const [label, value, width] of cells) {
    const labelWidth = label ? Math.min(140, Math.max(56, label.length * 10.5 + 12)) : 0;
    if (label) {
      doc.rect(at, y, labelWidth, height).fillAndStroke('#f3ecf8', '#555555');
      doc
        .fillColor('#333333')
        .fontSize(9.5)
        .text(label, at + 4, y + height / 2 - 6, { width: labelWidth - 8, align: 'center', height: height - 4, ellipsis: true });
    }
    doc.rect(at + labelWidth, y, width - labelWidth, height).stroke('#555555');
    doc
      .fillColor('#000000')
      .fontSize(10.5)
      .text(value || '—', at + labelWidth + 6, y + height / 2 - 7, { width: width - labelWidth - 12, height: height - 4, ellipsis: true });
    at += width;
  }
}

/** Above the verification block of a stamped document, at the foot of the page otherwise. */
function footer(doc: Doc, lines: string[], stamped: boolean) {
  doc.fillColor('#666666').fontSize(8.5);
  doc.text(lines.join('\n'), 50, stamped ? 650 : 760, { width: 495, lineGap: 2 });
  doc.fillColor('#000000');
}

/** 常住人口登记卡: one page per person. */
export function householdCardPdf(
  people: CardPerson[],
  meta: { hb: string; hm: string; hh: string; sqbh: string; generatedAt: Date },
  stamp?: DocumentStamp,
): Promise<Buffer> {
  return render(
    '常住人口登记卡',
    meta.generatedAt,
    (doc) => {
      people.forEach((p, i) => {
        if (i > 0) doc.addPage();
        doc.fillColor(BRAND).fontSize(20).text('常住人口登记卡', 50, 56, { width: 495, align: 'center', characterSpacing: 4 });
        doc
          .fillColor('#000000')
          .fontSize(10)
          .text(`户别：${meta.hb}      户主姓名：${meta.hm}      户号：${meta.hh}`, 50, 92, { width: 495, align: 'center' });
        const x = 50;
        let y = 116;
        const h = 30;
        const left = 405;
        const half = left / 2;
        row(doc, x, y, h, [
          ['姓名', p.xm, half],
          ['与户主关系', p.yhzgx, half],
        ]);
        row(doc, x, (y += h), h, [
          ['性别', p.xb, half],
          ['民族', p.mz, half],
        ]);
        row(doc, x, (y += h), h, [
          ['出生日期', p.csrq, half],
          ['籍贯', p.jg, half],
        ]);
        row(doc, x, (y += h), h, [['公民身份号码', p.sfzjh, left]]);
        doc.rect(x + left, 116, 90, 4 * h).stroke('#555555');
        if (p.photo) jpeg(doc, p.photo, x + left + 5, 121, { fit: [80, 4 * h - 10], align: 'center', valign: 'center' });
        else
          doc
            .fillColor('#999999')
            .fontSize(10)
            .text('照片', x + left, 116 + 2 * h - 6, { width: 90, align: 'center' })
            .fillColor('#000000');
        const full = 495;
        row(doc, x, (y += h), h, [
          ['文化程度', p.whcd, full / 2],
          ['婚姻状况', p.hyzk, full / 2],
        ]);
        row(doc, x, (y += h), h, [['服务处所', p.fwcs, full]]);
        row(doc, x, (y += h), h, [['何时由何地迁来本市（县）', `${p.qrsj} 由 ${p.qrly} 迁来`, full]]);
        row(doc, x, (y += h), h, [['何时由何地迁来本址', `${p.qrsj} 由 ${p.qrly} 迁来`, full]]);
        row(doc, x, (y += h), h, [['住址', p.zz, full]]);
        row(doc, x, (y += h), h, [
          ['登记机关', p.djjg, full / 2],
          ['登记日期', p.qrsj, full / 2],
        ]);
        officeMark(doc, 395, y + h + 24, chinaDate(meta.generatedAt));
        footer(
          doc,
          [
            `申请编号 ${meta.sqbh} · 第 ${i + 1} 页，共 ${people.length} 页 · 生成时间 ${chinaDateTime(meta.generatedAt).replace('T', ' ').slice(0, 16)}`,
            '本凭证由示范大学户籍业务网上办生成，公民身份号码已部分隐藏，内容以户籍办公室留存的户口登记为准。',
          ],
          !!stamp,
        );
      });
    },
    stamp,
  );
}

/** 集体户口簿户主页: the household's data, then its stamped photo (when there is one). */
export function headPagePdf(page: HeadPage, photo: Buffer | null, generatedAt: Date, stamp?: DocumentStamp): Promise<Buffer> {
  return render(
    '集体户口簿户主页',
    generatedAt,
    (doc) => {
      doc.fillColor(BRAND).fontSize(20).text('集体户口簿 · 户主页', 50, 56, { width: 495, align: 'center', characterSpacing: 2 });
      const x = 50;
      let y = 104;
      const h = 34;
      const full = 495;
      row(doc, x, y, h, [
        ['户别', '集体户', full / 2],
        ['户号', page.hh, full / 2],
      ]);
      row(doc, x, (y += h), h, [['户主姓名（户名）', page.hm, full]]);
      if (page.head)
        row(doc, x, (y += h), h, [['户主（教职工）', `${page.head.xm}${page.head.gzzh ? `（工作证号 ${page.head.gzzh}）` : ''}`, full]]);
      row(doc, x, (y += h), h, [['住址', page.zz, full]]);
      row(doc, x, (y += h), h, [['登记机关', page.djjg, full]]);
      row(doc, x, (y += h), h, [
        ['立户日期', page.ljrq, full / 2],
        ['承办人', '户籍办公室', full / 2],
      ]);
      y += h + 20;
      if (page.issuedTo) {
        const { applicant, sqbh } = page.issuedTo;
        doc
          .fillColor('#000000')
          .fontSize(10.5)
          .text(`本页供 ${applicant} 办理户籍相关业务时与本人户口卡一并使用（申请编号 ${sqbh}）。`, x, y, { width: full });
      }
      officeMark(doc, 395, y + 40, chinaDate(generatedAt));
      if (!page.issuedTo) return;
      footer(
        doc,
        [
          photo ? '户主页照片见下页（存档扫描件）。' : '',
          '本凭证由示范大学户籍业务网上办生成，内容以户籍办公室留存的户口登记为准。',
        ].filter(Boolean),
        !!stamp,
      );
      if (!photo) return;
      doc.addPage();
      doc.fillColor(BRAND).fontSize(14).text('户主页照片（存档扫描件）', 50, 50, { width: 495, align: 'center' });
      jpeg(doc, photo, 50, 80, { fit: [495, stamp ? 590 : 700], align: 'center' });
    },
    stamp,
  );
}

/** A voucher as served: the stored PDF and the file name to give it. */
export interface Voucher {
  pdf: Buffer;
  fileName: string;
}

export function createVoucherService(
  repos: Repositories,
  files: FileService,
  documents: DocumentService,
  clock: Clock,
  log?: FastifyBaseLogger,
) {
  const label = async (type: string, value: string | null | undefined) => (await repos.dict.label(type, value)) ?? '';

  /** One's finished move-in (404 for anyone else's, code 100 before it is finished). */
  async function finishedMoveIn(userId: number, id: number): Promise<ApplicationRow> {
    const app = await repos.applications.findById(id);
    if (!app || app.userId !== userId || !['qianru', 'yingxin'].includes(app.kind)) throw notFound(MSG.notFound);
    if (!hasVoucher(app)) throw bizError(NOT_FINISHED);
    return app;
  }

  /** The upload of the applicant's ID photo (an image among the attachments), without reading its bytes. */
  async function photoRowOf(app: ApplicationRow) {
    const ref = (app.attachments as AttachmentRef[]).find((a) => a.clmc === PHOTO_MATERIAL);
    const row = ref ? await repos.uploads.findById(ref.fileId) : null;
    return row && row.ownerId === app.userId && IMAGE_MIMES.includes(row.mime) ? row : null;
  }

  /**
   * The photo as the card prints it: a small JPEG re-encoded by sharp with the limits of uploads, whatever the
   * stored file is (uploads older than normalisation may be any jpg/png/webp). A file that cannot be used leaves
   * the photo box empty rather than failing the voucher.
   */
  async function cardPhoto(app: ApplicationRow, id: string): Promise<Buffer | null> {
    const file = await files.read(id, { id: app.userId, role: 'user' });
    if (!file) return null;
    try {
      return await normaliseImage(file.content, file.row.mime, { maxSide: CARD_PHOTO_SIDE, patient: true });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      log?.warn({ applicationId: app.id, fileId: id, reason: err.message }, 'ID photo left off the household card');
      return null;
    }
  }

  async function cardPerson(user: UserRow, record: HouseholdRow | null): Promise<Omit<CardPerson, 'photo'>> {
    const [xb, mz, yhzgx, whcd, hyzk, dw, station] = await Promise.all([
      label('qh_gender', user.genderCode),
      label('gb_mz', user.ethnicCode),
      record?.relationCode ? label('gb_relation', record.relationCode) : '集体户成员',
      label('gb_xl', user.educationCode),
      label('gb_hyzk', user.maritalStatusCode),
      label('dw_rsYx', user.departmentCode),
      record?.policeStationId ? repos.policeStations.find(record.policeStationId) : null,
    ]);
    return {
      xm: user.name,
      yhzgx,
      xb,
      mz,
      csrq: user.birthDate ?? '',
      jg: user.nativePlace ?? '',
      sfzjh: maskIdNumber(user.idNumber) ?? '',
      whcd,
      hyzk,
      fwcs: user.personType === '5' ? '' : dw ? `示范大学${dw}` : '示范大学',
      qrsj: record?.movedInOn ?? '',
      qrly: record?.formerAddress ?? '',
      zz: record?.collectiveAddress ?? '',
      djjg: station?.name ?? '',
    };
  }

  /** Who moved in with this application: the applicant, family members by their ID numbers. */
  async function peopleOf(app: ApplicationRow): Promise<UserRow[]> {
    const a = app.answers as { qrlx?: string; ryxx: Person; sqjs?: Person[] };
    const applicant = (await repos.users.findById(app.userId))!;
    const family = app.kind === 'qianru' ? familyMembersOf(a) : [];
    const members = await Promise.all(
      family.map((m) => (m.sfzjh === applicant.idNumber ? applicant : repos.users.findByIdNumber(m.sfzjh))),
    );
    const own = app.kind === 'yingxin' || a.qrlx !== '3' || applicant.personType === '5';
    return [...(own ? [applicant] : []), ...members.filter((m): m is UserRow => !!m && m.id !== applicant.id)];
  }

  /** The household head of a family move-in (the staff member), else null. */
  async function headOf(app: ApplicationRow, applicant: UserRow): Promise<UserRow | null> {
    const a = app.answers as { qrlx?: string; hzgzzh?: string; sqjs?: unknown[] };
    if (app.kind !== 'qianru' || (a.qrlx !== '3' && !a.sqjs?.length)) return null;
    if (applicant.personType === '4') return applicant;
    return repos.users.findByStudentOrStaffNo(a.hzgzzh ?? '');
  }

  async function householdCard(app: ApplicationRow, reissue = false): Promise<Voucher> {
    const people = await peopleOf(app);
    const cards = await Promise.all(people.map(async (u) => cardPerson(u, await repos.users.household(u.id))));
    const photo = await photoRowOf(app);
    const applicant = (await repos.users.findById(app.userId))!;
    const head = await headOf(app, applicant);
    const c = await collectiveOfMoveIn(repos, app);
    const record = await repos.users.household((head ?? applicant).id);
    const meta = { hb: '集体户', hm: head?.name ?? c?.name ?? '', hh: record?.householdNo ?? c?.householdNo ?? '', sqbh: app.referenceNo };
    const applicantAt = people.findIndex((p) => p.id === app.userId);
    const content = { cards, meta, photo: photo ? { at: applicantAt, sha256: photo.sha256 } : null };
    const pdf = await documents.edition({
      app,
      kind: 'hkk',
      title: '常住人口登记卡',
      holderName: applicant.name,
      expiresAt: null,
      content,
      reissue,
      make: async (stamp) => {
        const photoBytes = photo && applicantAt >= 0 ? await cardPhoto(app, photo.id) : null;
        const withPhotos = cards.map((card, i) => ({ ...card, photo: i === applicantAt ? photoBytes : null }));
        return householdCardPdf(withPhotos, { ...meta, generatedAt: stamp.issuedAt }, stamp);
      },
    });
    return { pdf, fileName: `户口卡-${people.map((p) => p.name).join('、')}.pdf` };
  }

  async function headPage(app: ApplicationRow, reissue = false): Promise<Voucher> {
    const applicant = (await repos.users.findById(app.userId))!;
    const head = await headOf(app, applicant);
    const c = await collectiveOfMoveIn(repos, app);
    if (!c) throw new AppError(409, COLLECTIVE_MISSING);
    const photo = await repos.collectiveHouseholds.headPage(c.key);
    const station = await repos.policeStations.find(c.policeStationId);
    const page: HeadPage = {
      hh: c.householdNo,
      hm: c.name,
      zz: c.address,
      djjg: station ? `${station.name}（${station.address ?? ''}）` : '',
      ljrq: c.registeredOn,
      head: head ? { xm: head.name, gzzh: head.staffNo } : null,
      issuedTo: { applicant: applicant.name, sqbh: app.referenceNo },
    };
    const pdf = await documents.edition({
      app,
      kind: 'hzsy',
      title: '集体户口簿户主页',
      holderName: applicant.name,
      expiresAt: null,
      content: { page, photo: photo?.hash ?? null },
      reissue,
      make: (stamp) => headPagePdf(page, photo?.content ?? null, stamp.issuedAt, stamp),
    });
    return { pdf, fileName: `户主页-${c.name}.pdf` };
  }

  /** The stamped head-page photo (the office's, 工作台「集体户」) as an upload of the applicant, made once. */
  async function headPagePhotoOf(app: ApplicationRow): Promise<{ url: string; mimeType: string }> {
    const c = await collectiveOfMoveIn(repos, app);
    const photo = c && (await repos.collectiveHouseholds.headPage(c.key));
    if (!c || !photo) throw notFound('集体户户主页照片尚未上传，请联系户籍办公室');
    const row = await files.saveOwn(app.userId, photo.content, `${c.name}户主页.jpg`, 'image/jpeg');
    return { url: `/api/wj/file/${row.id}`, mimeType: row.mime };
  }

  return {
    finishedMoveIn,
    householdCard,
    headPage,
    headPagePhoto: headPagePhotoOf,

    /**
     * After the commit of a move: a move-in that has just reached 已办结 gets its vouchers made and stored now.
     * A failure is logged and left to the first download, which makes what is missing.
     */
    async afterMove(app: ApplicationRow): Promise<void> {
      if (!hasVoucher(app)) return;
      try {
        await householdCard(app);
        await headPage(app);
        await headPagePhotoOf(app);
      } catch (err) {
        log?.error({ err, applicationId: app.id }, 'vouchers not made at 已办结 (made on the first download)');
      }
    },
  };
}

export type VoucherService = ReturnType<typeof createVoucherService>;
