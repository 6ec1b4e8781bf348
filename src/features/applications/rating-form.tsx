import './rating-form.css';
import { client, toldByClient, unwrap, type Schemas } from '@/api/client';
import { SubmitButton } from '@/components/ui/button';
import { Form, useForm } from '@/components/ui/form';
import { TextArea } from '@/components/service-fields/text-area';
import { lazySchema } from '@/lib/lazy-schema';
import { showToast } from '@/state/ui';

/** The scale of 好差评, best first (RatingScore). */
const SCORES = [
  { score: '5', label: '非常满意' },
  { score: '4', label: '满意' },
  { score: '3', label: '基本满意' },
  { score: '2', label: '不满意' },
  { score: '1', label: '非常不满意' },
];

const rateSchema = lazySchema('rateSchema');

/** 评价 of a finished application (once): a score and an optional comment; `onRated` gets the saved rating. */
export default function RatingForm({ id, onRated }: { id: number; onRated: (rating: Schemas['AppRating']) => void }) {
  const form = useForm({ score: '', comment: '' });
  const { values, set, errors } = form;
  const submit = () =>
    form.submit(rateSchema, async (input) => {
      const r = await unwrap(
        client.POST('/api/wdsq/sqxq/rate', {
          body: { id, score: Number(input.score) as Schemas['RatingScore'], ...(input.comment ? { comment: input.comment } : {}) },
        }),
      );
      if (r.ok) {
        showToast('感谢您的评价');
        onRated(r.data);
      } else if (!toldByClient(r) && !r.errors.length) showToast(r.msg);
      return r;
    });
  return (
    <section class="weui-cells__group" aria-labelledby="rate-title">
      <h2 class="weui-cells__title" id="rate-title">
        评价
      </h2>
      <Form id="rate" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey} label="评价本次办理">
        <fieldset class="apps-rate" id="rate-score" tabIndex={-1} aria-invalid={errors.score ? true : undefined}>
          <legend class="apps-rate__legend">您对本次办理满意吗？</legend>
          {SCORES.map((s) => (
            <label key={s.score} class="apps-rate__option">
              <input type="radio" name="score" value={s.score} checked={values.score === s.score} onChange={() => set('score')(s.score)} />
              {s.label}
            </label>
          ))}
          {errors.score && <p class="app-field__error">{errors.score}</p>}
        </fieldset>
        <div class="weui-cells weui-cells_form">
          <TextArea
            label="评价内容"
            name="comment"
            value={values.comment}
            onValue={set('comment')}
            error={errors.comment}
            maxLength={500}
            placeholder="选填，您的意见和建议"
          />
        </div>
        <SubmitButton pending={form.pending}>提交评价</SubmitButton>
      </Form>
    </section>
  );
}
