import { useLocation } from 'wouter';
import { ServiceScreen } from '@/components/service-form/service-screen';
import { paths } from '@shared/pages/paths';

// Two imports written apart: one import() of a conditional gets the files of both preloaded.
const education = () => import('./education-form');
const marriage = () => import('./marriage-form');

/** 学历变更 and 婚姻状况变更 (by route): the change's guide; its form is fetched while the guide is read. */
export default function ChangeFormPage() {
  const [path] = useLocation();
  return path.startsWith(paths.changeMarriage.path) ? (
    <ServiceScreen serviceCode="hyzkbg" form={marriage} formProps={{}} />
  ) : (
    <ServiceScreen serviceCode="xlzkbg" form={education} formProps={{}} />
  );
}
