import './progress.css';
import NProgress from 'nprogress';

// Spec §9: minimum 0.08, speed 200 ms, trickle every 800 ms.
NProgress.configure({ minimum: 0.08, speed: 200, trickleSpeed: 800, showSpinner: false });

export default NProgress;
