import RecordsList from '@/components/service-fields/records-list';
import { ServiceIndex } from '@/components/service-fields/service-index';
import { changeRecords } from './api';

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
