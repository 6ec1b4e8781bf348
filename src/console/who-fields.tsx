// The two filters 登录日志 and 在线用户 share: which side signed in (移动端 or 工作台) and whose name or account.

type OnField = (e: { currentTarget: { value: string } }) => void;

export function WhoFields({
  realm,
  keyword,
  onRealm,
  onKeyword,
}: {
  realm: string;
  keyword: string;
  onRealm: OnField;
  onKeyword: OnField;
}) {
  return (
    <>
      <label>
        登录端
        <select class="adm-input" value={realm} onChange={onRealm}>
          <option value="">全部</option>
          <option value="user">移动端</option>
          <option value="staff">工作台</option>
        </select>
      </label>
      <label>
        姓名或账号
        <input class="adm-input" value={keyword} maxLength={40} onInput={onKeyword} />
      </label>
    </>
  );
}
