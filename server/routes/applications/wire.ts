// Wire shapes of applications: summary (answers of add/edit/cancel), list item and detail.
import type { components } from '../../../shared/contract/schema';
import { isIdNumberField } from '../../lib/field-crypto.ts';
import { maskIdNumber } from '../../lib/masks.ts';
import type { ApplicationEventRow, ApplicationRow } from '../../repositories/applications.ts';
import type { RatingRow } from '../../repositories/ratings.ts';
import { RATING_LABELS } from '../../services/ratings.ts';
import type { UploadRow } from '../../repositories/content.ts';
import { actionsOf, type AttachmentRef, type Handling } from '../../services/applications.ts';
import { kindName, statusName, Status } from '../../domain/index.ts';
import { chinaDateTime } from '../../services/clock.ts';

type S = components['schemas'];

export const summaryWire = (a: ApplicationRow): S['ApplicationSummary'] => ({
  id: a.id,
  sqbh: a.referenceNo,
  kind: a.kind as S['ServiceCode'],
  kindName: kindName(a.kind, a.sub),
  status: a.status as S['AppStatus'],
  statusName: statusName(a.kind, a.status),
});

export const listItemWire = (a: ApplicationRow): S['ApplicationListItem'] => ({
  ...summaryWire(a),
  title: a.title,
  sub: a.sub || null,
  createdAt: chinaDateTime(a.createdAt),
  updatedAt: chinaDateTime(a.updatedAt),
  actions: [...actionsOf(a)],
});

/** ID numbers (any field named sfzjh or …sfzjh, such as bgsfzjh, at any depth) masked. */
function masked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(masked);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, isIdNumberField(k) && typeof v === 'string' ? maskIdNumber(v) : masked(v)]),
  );
}

export const ratingWire = (r: RatingRow): S['AppRating'] => ({
  score: r.score as S['RatingScore'],
  label: RATING_LABELS[r.score]!,
  comment: r.comment,
  flagged: r.flagged,
  createdAt: chinaDateTime(r.createdAt),
});

const ACTOR_NAMES = { staff: '户籍办', system: '系统' } as const;

/**
 * The detail; `summary` is the answers as people read them (answerSummary, masked for the applicant). With `rating`
 * given (the applicant's view), a finished application not rated yet offers `rate`.
 */
export function detailWire(
  a: ApplicationRow,
  events: ApplicationEventRow[],
  files: UploadRow[],
  applicantName: string,
  summary: S['AnswerSummaryItem'][],
  rating?: RatingRow | null,
): S['Application'] {
  const handling = a.handling as Handling;
  const attachments = (a.attachments as AttachmentRef[]).flatMap((ref) => {
    const file = files.find((f) => f.id === ref.fileId);
    return file
      ? [
          {
            fileId: file.id,
            clmc: ref.clmc ?? null,
            name: file.originalName,
            mimeType: file.mime,
            size: file.size,
            url: `/api/wj/file/${file.id}`,
          },
        ]
      : [];
  });
  const item = listItemWire(a);
  if (rating === null && a.status === Status.done) item.actions = [...item.actions, 'rate'];
  return {
    ...item,
    ...(rating !== undefined ? { rating: rating ? ratingWire(rating) : null } : {}),
    stage: (a.stage as '1' | '2' | null) ?? null,
    answers: masked(a.answers) as Record<string, unknown>,
    summary,
    attachments,
    events: events.map((e) => ({
      at: chinaDateTime(e.at),
      actor: {
        role: e.actorRole as 'user' | 'staff' | 'system',
        name: e.actorRole === 'user' ? applicantName : ACTOR_NAMES[e.actorRole as 'staff' | 'system'],
      },
      from: (e.fromStatus as S['AppStatus'] | null) ?? null,
      to: e.toStatus as S['AppStatus'],
      note: e.note,
    })),
    handling: {
      reason: handling.reason ?? null,
      lqdd: handling.lqdd ?? null,
      lqsj: handling.lqsj ?? null,
      kdgs: handling.kdgs ?? null,
      kddh: handling.kddh ?? null,
      trackUrl: handling.trackUrl ?? null,
      ghrq: a.kind === 'hkkjy' ? a.dueOn : (handling.ghrq ?? null),
    },
  };
}

/** 申请状态表 as a dictionary (dictValue 1-9), for status filters. */
export const statusListWire = (statuses: readonly { code: number; label: string }[]) =>
  statuses.map((s) => ({ dictLabel: s.label, dictValue: String(s.code), dictSort: s.code, switch: '1' as const, remark: null }));
