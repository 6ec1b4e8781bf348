import * as v from 'valibot';
import { contactPhone, filesRequired, optionalText, pastDate, requiredText } from '@/components/service-fields/schema-parts';
import { required } from '@/lib/validators';

/** Answers of the education and marital-status changes (loaded on demand: valibot stays out of the screens). */

/** 学历变更: the new level, where and when, the diploma attached. */
export const education = v.object({
  bgxlm: required('请选择变更后学历'),
  byyx: requiredText('请填写毕业院校', 100, '毕业院校不能超过100字'),
  byrq: pastDate('请选择毕业日期', '毕业日期不能晚于今天'),
  zsbh: optionalText(40, '证书编号不能超过40位'),
  lxdh: contactPhone,
  attachments: filesRequired('请上传学历证明材料'),
});

/**
 * 婚姻状况变更: the new status, the registration date, the spouse when married, the certificate attached. Which codes
 * are married comes from the screen (a schema importing the screen's modules would make its chunk load them).
 */
export const marriage = (isMarried: (code: string) => boolean) =>
  v.pipe(
    v.object({
      bghyzkm: required('请选择变更后婚姻状况'),
      djrq: pastDate('请选择登记日期', '登记日期不能晚于今天'),
      poxm: optionalText(30, '配偶姓名不能超过30字'),
      lxdh: contactPhone,
      attachments: filesRequired('请上传婚姻状况证明材料'),
    }),
    v.forward(
      v.partialCheck([['bghyzkm'], ['poxm']], (i) => !isMarried(i.bghyzkm) || i.poxm !== '', '请填写配偶姓名'),
      ['poxm'],
    ),
  );

export type EducationChecked = v.InferOutput<typeof education>;
export type MarriageChecked = v.InferOutput<ReturnType<typeof marriage>>;
