import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import type { Schemas } from '@/api/client';
import { ServiceScreen, type Refusal } from '@/components/service-form/service-screen';
import { editIdOf } from '@/components/service-form/step';
import { paths } from '@shared/pages/paths';
import { currentAppointment } from './api';

const form = () => import('./id-card-form');

/** One valid appointment per person (the server refuses a second): told before the guide, with the way to change it. */
function existingRefusal({ yyrq, application: app }: Schemas['AppointmentState']): Refusal {
  return {
    title: '您已有身份证办理预约',
    description: `预约日期 ${yyrq}${app ? `，申请编号 ${app.sqbh}（${app.statusName}）` : ''}。每人同一时间只能有一个有效预约，如需更改，请在申请详情中修改或撤销。`,
    link: app ? [paths.details.href({ id: app.id }), '查看申请详情'] : undefined,
  };
}

/** 身份证办理: its guide, or the appointment already made; the form (id-card-form) is fetched while the guide is read. */
export default function IdCardPage() {
  const editing = editIdOf(new URLSearchParams(useSearch())) !== null;
  const [existing, setExisting] = useState<Schemas['AppointmentState'] | null | undefined>(editing ? null : undefined);
  useEffect(() => {
    if (!editing) void currentAppointment().then(setExisting);
    // Checked once per visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <ServiceScreen
      serviceCode="sfzbl"
      form={form}
      formProps={{}}
      ready={existing !== undefined}
      refusal={existing ? existingRefusal(existing) : null}
    />
  );
}
