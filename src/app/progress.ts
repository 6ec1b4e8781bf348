import './progress.css';
import NProgress from 'nprogress';

// Spec §9: minimum 0.08, speed 200 ms, trickle every 800 ms.
// Its own template gives the bar role="bar", which is no ARIA role: the bar is decoration (the pages say aria-busy),
// found by its class instead.
NProgress.configure({
  minimum: 0.08,
  speed: 200,
  trickleSpeed: 800,
  showSpinner: false,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

export default NProgress;
