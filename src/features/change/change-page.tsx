import { client, unwrap } from '@/api/client';
import RecordsList from '@/components/service-fields/records-list';
import { ServiceIndex } from '@/components/service-fields/service-index';

const latest = { params: { query: { pageNum: 1, pageSize: 4 } } };

/** The user's changes of information (education, marital status, other items), newest first. */
async function changeRecords() {
  const [education, marriage, other] = await Promise.all([
    unwrap(client.GET('/api/daily/xlzkbg/list', latest)),
    unwrap(client.GET('/api/daily/hyzkbg/list', latest)),
    // 其他信息变更 is the sub-service change of 其他业务.
    unwrap(client.GET('/api/qhqt/qtbs/list', { params: { query: { pageNum: 1, pageSize: 20 } } })),
  ]);
  const rows = [
    ...(education.ok ? education.data : []),
    ...(marriage.ok ? marriage.data : []),
    ...(other.ok ? other.data.filter((a) => a.sub === 'change') : []),
  ];
  return { ok: true as const, data: rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt)) };
}

/** 信息变更: the changes of one's registered information, and the user's change applications. */
export default function ChangePage() {
  return (
    <ServiceIndex
      services={[
        { key: 'changeEducation', note: '取得新学历后变更户口登记的文化程度' },
        { key: 'changeMarriage', note: '结婚、离婚、丧偶后变更婚姻状况' },
        { key: 'changeOther', note: '姓名、民族、出生日期等其他登记项目的变更或更正' },
      ]}
    >
      <RecordsList title="我的变更申请" load={changeRecords} />
    </ServiceIndex>
  );
}
