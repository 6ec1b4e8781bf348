/** Placeholders the server fills in a notice template (NoticeTemplate). */
export const PLACEHOLDERS = ['业务名称', '申请编号', '原因', '领取地点', '领取时间', '快递公司', '快递单号', '应还日期'];
