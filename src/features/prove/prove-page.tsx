import { ServiceIndex } from '@/components/service-fields/service-index';

/** 证明开具: the proofs a user can ask for. */
export default function ProvePage() {
  return (
    <ServiceIndex
      services={[
        { key: 'proveHrIssued', note: '户籍信息、迁入迁出、曾用名等户籍证明' },
        { key: 'proveCIssued', note: '就业、出国（境）、政审等所需的无犯罪记录证明' },
        { key: 'proveNIssued', note: '留学、签证、政审等所需的无违法证明' },
      ]}
    />
  );
}
