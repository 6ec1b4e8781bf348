import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Schemas } from '@/api/client';
import { Button } from '@/components/ui/button';
import { $adminMeta } from '@/console/staff';
import { Check, LoadError, PageHead } from '../kit';
import { announce, useRemote } from '../data';
import { loadSectors, updateSectors } from './api';

type Setting = Schemas['AdminSectorSetting'];
type Sub = NonNullable<Setting['subSectors']>[number];

/** A sub-sector is open, shown disabled, or not shown. */
const SUB_STATES = [
  { value: 'open', label: '开放' },
  { value: 'disabled', label: '停用（灰色）' },
  { value: 'hidden', label: '不显示' },
];

/** 首页板块: per person type, the tiles in order (open or disabled) and the move-out sub-sectors. */
export default function SectorsPage() {
  const meta = useStore($adminMeta);
  const groups = useRemote(loadSectors, []);
  const [rylb, setRylb] = useState('');
  const [draft, setDraft] = useState<Setting[]>([]);
  const [saving, setSaving] = useState(false);
  const group = groups.data?.find((g) => g.rylb === rylb) ?? groups.data?.[0];

  useEffect(() => {
    if (group)
      setDraft(
        group.sectors.map((s) => ({
          sectorCode: s.sectorCode,
          disabled: s.disabled,
          ...(s.subSectors ? { subSectors: s.subSectors } : {}),
        })),
      );
  }, [group]);

  const catalogue = meta?.sectors ?? [];
  const nameOf = (code: string) => catalogue.find((c) => c.sectorCode === code)?.sectorName ?? code;
  const addable = catalogue.filter((c) => !draft.some((s) => s.sectorCode === c.sectorCode));

  // Changes apply to the latest list (several may come before a render).
  const update = (i: number, patch: (s: Setting) => Partial<Setting>) =>
    setDraft((d) => d.map((s, j) => (j === i ? { ...s, ...patch(s) } : s)));
  const move = (i: number, by: number) =>
    setDraft((d) => {
      const next = [...d];
      [next[i], next[i + by]] = [next[i + by], next[i]];
      return next;
    });
  const subState = (s: Setting, code: string) => {
    const sub = s.subSectors?.find((x) => x.sectorCode === code);
    return sub ? (sub.disabled ? 'disabled' : 'open') : 'hidden';
  };
  /** Sub-sectors in catalogue order, each open, disabled or left out. */
  const setSub = (i: number, code: string, state: string) =>
    update(i, (s) => ({
      subSectors: (catalogue.find((c) => c.sectorCode === s.sectorCode)?.subSectors ?? [])
        .map((c) => ({ sectorCode: c.sectorCode, state: c.sectorCode === code ? state : subState(s, c.sectorCode) }))
        .filter((x) => x.state !== 'hidden')
        .map((x): Sub => ({ sectorCode: x.sectorCode, disabled: x.state === 'disabled' })),
    }));

  async function save() {
    if (!group) return;
    setSaving(true);
    const r = await updateSectors(group.rylb, { sectors: draft });
    setSaving(false);
    if (announce(r, `已保存「${group.rylbName}」的首页板块`)) groups.reload();
  }

  return (
    <>
      <PageHead title="首页板块" />
      <LoadError message={groups.error} />
      {groups.data && group && (
        <>
          <div class="adm-tabs" role="group" aria-label="人员类别">
            {groups.data.map((g) => (
              <button key={g.rylb} type="button" aria-pressed={g.rylb === group.rylb} onClick={() => setRylb(g.rylb)}>
                {g.rylbName}
              </button>
            ))}
          </div>
          <section class="adm-card">
            <h3 class="adm-card__title">{group.rylbName}的首页板块（按显示顺序）</h3>
            <table class="adm-table">
              <thead>
                <tr>
                  <th>板块</th>
                  <th>状态</th>
                  <th>操作</th>
                </tr>
              </thead>
              <tbody>
                {draft.map((s, i) => {
                  const subs = catalogue.find((c) => c.sectorCode === s.sectorCode)?.subSectors ?? [];
                  return (
                    <tr key={s.sectorCode}>
                      <td>
                        {nameOf(s.sectorCode)}
                        {subs.map((c) => (
                          <label key={c.sectorCode} class="adm-sub">
                            <span>{c.sectorName}</span>
                            <select
                              class="adm-input"
                              value={subState(s, c.sectorCode)}
                              onChange={(e) => setSub(i, c.sectorCode, e.currentTarget.value)}
                            >
                              {SUB_STATES.map((o) => (
                                <option key={o.value} value={o.value}>
                                  {o.label}
                                </option>
                              ))}
                            </select>
                          </label>
                        ))}
                      </td>
                      <td>
                        <Check label="停用（灰色）" checked={s.disabled} onChange={(disabled) => update(i, () => ({ disabled }))} />
                      </td>
                      <td class="adm-nowrap">
                        <button
                          type="button"
                          class="adm-link"
                          disabled={i === 0}
                          onClick={() => move(i, -1)}
                          aria-label={`上移 ${nameOf(s.sectorCode)}`}
                        >
                          上移
                        </button>{' '}
                        <button
                          type="button"
                          class="adm-link"
                          disabled={i === draft.length - 1}
                          onClick={() => move(i, 1)}
                          aria-label={`下移 ${nameOf(s.sectorCode)}`}
                        >
                          下移
                        </button>{' '}
                        <button
                          type="button"
                          class="adm-link"
                          onClick={() => setDraft((d) => d.filter((_, j) => j !== i))}
                          aria-label={`移除 ${nameOf(s.sectorCode)}`}
                        >
                          移除
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            {!draft.length && <p class="adm-empty">没有开放的板块</p>}
            <div class="app-actions">
              {addable.length > 0 && (
                <select
                  class="adm-input"
                  aria-label="添加板块"
                  value=""
                  onChange={(e) => {
                    const code = e.currentTarget.value;
                    const subs = catalogue.find((c) => c.sectorCode === code)?.subSectors;
                    if (code)
                      setDraft((d) => [
                        ...d,
                        {
                          sectorCode: code,
                          disabled: false,
                          ...(subs ? { subSectors: subs.map((x) => ({ sectorCode: x.sectorCode, disabled: false })) } : {}),
                        },
                      ]);
                  }}
                >
                  <option value="">添加板块…</option>
                  {addable.map((c) => (
                    <option key={c.sectorCode} value={c.sectorCode}>
                      {c.sectorName}
                    </option>
                  ))}
                </select>
              )}
              <Button loading={saving} onClick={() => void save()}>
                保存
              </Button>
            </div>
          </section>
        </>
      )}
    </>
  );
}
