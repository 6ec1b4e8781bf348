import type { ApiResult, Schemas } from '@/api/client';
import { adminTransitionApplication as limits } from '@shared/contract/limits';
import { SubmitButton } from '@/components/ui/button';
import { Form, useForm } from '@/components/ui/form';
import { Select, TextField } from '@/components/ui/form-field';
import { TextArea } from '@/components/service-fields/text-area';
import { schema } from '../data';
import { isoDay } from '../dates';

type Transition = Schemas['TransitionOption'];

/**
 * The inputs a transition requires, then the call; field errors of a 400 land on their inputs. The server's
 * `prefill` starts them (the applicant's courier for 寄出, chosen from `couriers`; the office's address and hours for 通知领取).
 */
export default function TransitionForm({
  transition,
  onSubmit,
}: {
  transition: Transition;
  onSubmit: (input: Record<string, string>) => Promise<ApiResult<unknown> | undefined>;
}) {
  const form = useForm({ note: '', lqdd: '', lqsj: '', kdgs: '', kddh: '', ghrq: '', ...transition.prefill });
  const { values, set, errors } = form;
  const needs = (f: string) => transition.requires.includes(f as Transition['requires'][number]);
  const submit = () =>
    form.submit(
      () => schema('transitionSchema')().then((make) => make(transition.requires)),
      (input) => onSubmit(input),
    );
  return (
    <Form id="transition" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey} label={transition.action}>
      <div class="weui-cells weui-cells_form">
        {needs('note') && (
          <TextArea
            label="原因"
            name="note"
            value={values.note}
            onValue={set('note')}
            error={errors.note}
            maxLength={limits.note}
            required
            placeholder="申请人将在消息通知中看到"
          />
        )}
        {/* Place and time start with the office's address and hours: several lines, so they read whole. */}
        {needs('lqdd') && (
          <TextArea
            label="领取地点"
            name="lqdd"
            value={values.lqdd}
            onValue={set('lqdd')}
            error={errors.lqdd}
            maxLength={limits.lqdd}
            required
          />
        )}
        {needs('lqsj') && (
          <TextArea
            label="领取时间"
            name="lqsj"
            value={values.lqsj}
            onValue={set('lqsj')}
            error={errors.lqsj}
            maxLength={limits.lqsj}
            required
            placeholder="如 工作日 9:00-11:30"
          />
        )}
        {/* The courier from the office's list (the student gets its tracking page); the waybill typed once. */}
        {needs('kdgs') && (
          <Select
            label="快递公司"
            name="kdgs"
            value={values.kdgs}
            options={transition.couriers ?? []}
            onValue={set('kdgs')}
            error={errors.kdgs}
            required
            placeholder="请选择快递公司"
          />
        )}
        {needs('kddh') && (
          <TextField
            label="快递单号"
            name="kddh"
            value={values.kddh}
            onValue={(v) => set('kddh')(v.replace(/\s+/g, ''))}
            error={errors.kddh}
            maxLength={limits.kddh}
            required
            placeholder="6-30 位字母或数字"
          />
        )}
        {needs('ghrq') && (
          <TextField
            label="应还日期"
            name="ghrq"
            type="date"
            value={values.ghrq}
            onValue={set('ghrq')}
            error={errors.ghrq}
            required
            hint={`今天是 ${isoDay()}`}
          />
        )}
      </div>
      <SubmitButton pending={form.pending}>确认{transition.action}</SubmitButton>
    </Form>
  );
}
