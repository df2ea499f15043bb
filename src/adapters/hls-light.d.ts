// hls.js ships types for its full build only; its light build (`hls.js/light`, loaded by hls-player.ts) has the
// same API without the features it leaves out (subtitles, alternate audio, DRM), which the player does not use.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
