export interface CaptchaImageProps {
  /** The image (an SVG data URL); empty while loading. */
  img: string;
  /** Loads a new image code. */
  onRefresh: () => void;
}

// Inline: a stylesheet of its own would be one more file for the screens that show it.
const button = { display: 'flex', alignItems: 'center', justifyContent: 'center', minWidth: 100, minHeight: 44, padding: 0, border: 0, background: 'transparent' };

/** An image code (captcha) picture; tapping it loads a new one. */
export function CaptchaImage({ img, onRefresh }: CaptchaImageProps) {
  return (
    <button type="button" style={button} onClick={onRefresh} aria-label="看不清？换一张图形验证码">
      {img ? (
        <img src={img} alt="图形验证码" width={100} height={40} style={{ display: 'block', borderRadius: 4, background: '#fff' }} />
      ) : (
        <span class="app-muted">加载中</span>
      )}
    </button>
  );
}
